// @vitest-environment happy-dom
/** What the "Confirm on your Ledger" step says the device will show for an upgrade: read from the tuple it signs. */
import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT } from '../../../shared/contracts';
import type { DeviceAuthorization } from '../../../shared/deviceSigning';
import type { Hex } from '../../../shared/params';
import { mountPoint } from '../../testing/mount';
import { DeviceShows } from './DeviceShows';

const { render } = mountPoint();
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const unsigned = Transaction.from({ type: 4, chainId: 31337n, nonce: 2, to: ACCOUNT, data: '0x34fcd5be', gasLimit: 100000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, authorizationList: [] }).unsignedSerialized as Hex;
const NETWORK = { name: 'Local devnet', symbol: 'ETH' };

const shown = async (authorization: DeviceAuthorization) =>
  (await render(<DeviceShows payload={{ kind: 'upgrade', unsigned, authorization }} hashesOnly={false} network={NETWORK} />)).querySelector('[aria-label="The device shows first: the upgrade"]')?.textContent ?? '';

describe('what the device shows first for an upgrade', () => {
  it('names the delegate and the network of the authorization', async () => {
    const text = await shown({ address: LEDGER_7702_ACCOUNT, chainId: '0x7a69', nonce: '0x3' });
    expect(text).toContain('Simple7702Account');
    expect(text).toContain(LEDGER_7702_ACCOUNT);
    expect(text).toContain('Local devnet');
  });

  it('says "All networks" for an authorization of chain 0, as the device does', async () => {
    const text = await shown({ address: LEDGER_7702_ACCOUNT, chainId: '0x0', nonce: '0x3' });
    expect(text).toContain('All networks');
    expect(text).not.toContain('Local devnet');
  });

  it('names no delegate the Ethereum app does not list (the device refuses it)', async () => {
    const text = await shown({ address: SIMPLE_7702_ACCOUNT, chainId: '0x7a69', nonce: '0x3' });
    expect(text).not.toContain('Simple7702Account');
    expect(text).toContain(SIMPLE_7702_ACCOUNT);
  });
});
