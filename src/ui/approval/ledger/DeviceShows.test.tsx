// @vitest-environment happy-dom
/**
 * What the "Confirm on your Ledger" step says the device will show for an upgrade (read from the tuple it signs) and for
 * a sponsored batch's userOp (who pays, its calls, the EntryPoint, the network, every field the device lists).
 */
import { Interface, Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINT_V08, LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT } from '../../../shared/contracts';
import type { DeviceAuthorization } from '../../../shared/deviceSigning';
import { userOperationHash, type RpcUserOperation } from '../../../shared/erc4337';
import type { Hex } from '../../../shared/params';
import { userOperationTypedData } from '../../../shared/userOperationTypedData';
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

  it('a revocation (an authorization to address zero): the revocation, not an upgrade, and no delegate named', async () => {
    const view = await render(<DeviceShows payload={{ kind: 'upgrade', unsigned, authorization: { address: `0x${'0'.repeat(40)}`, chainId: '0x7a69', nonce: '0x3' } }} hashesOnly={false} network={NETWORK} />);
    expect(view.querySelector('[aria-label="The device shows first: the upgrade"]')).toBeNull();
    const text = view.querySelector('[aria-label="The device shows first: the revocation"]')?.textContent ?? '';
    expect(text).toContain('None: revoke the delegation');
    expect(text).not.toContain('list');
  });
});

describe('what the device shows for a sponsored batch’s userOp', () => {
  const RECIPIENT = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
  const callData = new Interface(['function executeBatch((address,uint256,bytes)[])']).encodeFunctionData('executeBatch', [[[RECIPIENT, 10n ** 18n, '0x']]]) as Hex;
  const operation: RpcUserOperation = { sender: ACCOUNT, nonce: '0x0', callData, callGasLimit: '0x1', verificationGasLimit: '0x1', preVerificationGas: '0x1', maxFeePerGas: '0x2', maxPriorityFeePerGas: '0x1', paymaster: SIMPLE_7702_ACCOUNT, paymasterData: '0x01', paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x0', signature: '0x' };
  const payload = { kind: 'userOperation', operation, typedData: userOperationTypedData(operation, '0x7a69'), userOpHash: userOperationHash(operation, '0x7a69'), sponsor: { name: 'Devnet Paymaster', paymaster: SIMPLE_7702_ACCOUNT }, fromBlock: 1 } as const;

  it('names who sponsors it, each call, the EntryPoint and the network, then every field the device lists; the upgrade first when there is one', async () => {
    const authorization = { address: LEDGER_7702_ACCOUNT, chainId: '0x7a69', nonce: '0x3' } as const;
    const page = await render(<DeviceShows payload={{ ...payload, authorization }} hashesOnly={false} network={NETWORK} />);
    const text = (label: string) => page.querySelector(`[aria-label="${label}"]`)?.textContent;
    expect([text('Sponsored by'), text('Call 1'), text('EntryPoint'), text('PackedUserOperation.callData')]).toEqual([`Devnet Paymaster (${SIMPLE_7702_ACCOUNT})`, `1 ETH to ${RECIPIENT}`, ENTRY_POINT_V08, callData]);
    expect(text('The device shows first: the upgrade')).toContain('Simple7702Account');
    expect(page.textContent).toContain('Blind signing or Verbose EIP-712');
  });

  it('reads the sponsor and the chain from what the device signs: the paymaster in the userOp, the domain’s chain and EntryPoint among its fields', async () => {
    const signed: RpcUserOperation = { ...operation, paymaster: LEDGER_7702_ACCOUNT };
    const page = await render(<DeviceShows payload={{ ...payload, operation: signed, typedData: userOperationTypedData(signed, '0x1') }} hashesOnly={false} network={NETWORK} />);
    const text = (label: string) => page.querySelector(`[aria-label="${label}"]`)?.textContent;
    expect(text('Sponsored by')).toBe(`Devnet Paymaster (${LEDGER_7702_ACCOUNT})`);
    expect([text('chainId'), text('verifyingContract')]).toEqual(['0x1', ENTRY_POINT_V08]);
  });

  it('shows the sponsor’s name (the site’s paymaster chose it) without characters that reorder or hide text', async () => {
    const page = await render(<DeviceShows payload={{ ...payload, sponsor: { ...payload.sponsor, name: 'Devnet\u202e Paymaster\u200b' } }} hashesOnly={false} network={NETWORK} />);
    expect(page.querySelector('[aria-label="Sponsored by"]')?.textContent).toBe(`Devnet Paymaster (${SIMPLE_7702_ACCOUNT})`);
  });
});

describe('what the device shows for a message', () => {
  it('shows each character that reorders or hides text by its code point, as the approval screen does', async () => {
    const message = `0x${Buffer.from('Bob\u202e0001', 'utf8').toString('hex')}` as Hex;
    const root = await render(<DeviceShows payload={{ kind: 'message', message }} hashesOnly={false} network={NETWORK} />);
    expect(root.querySelector('[aria-label="The device shows"]')?.textContent).toBe('Bob⟨U+202E⟩0001');
  });
});
