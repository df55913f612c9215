/**
 * wallet_sendCalls' fee sources (issue 45): the screen offers ETH and USDC when both work, picks first the one the
 * wallet's own request names (walletFeeSource, the popup's Send), and no site can name one: from a page it is a
 * capability the wallet does not know.
 */
import { parseEther } from 'ethers';
import { Attribution } from 'ox/erc8021';
import { describe, expect, it } from 'vitest';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { Hex } from '../../shared/params';
import { createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS } from '../batches/types';
import { NETWORK, usdcChain } from '../batches/usdcChain.fixture';
import { describeCall, type CallInput } from '../calls/describe';
import { lazyTransactionCode } from '../batches/lazyTransactionCode';
import { lazyUsdcBatchCode } from '../batches/lazyUsdcBatchCode';
import { lazyUserOperationCode } from '../batches/lazyUserOperationCode';
import { lazyAllowanceCode } from '../allowances/lazyAllowanceCode';
import { SIGNED_GRANTS_DEFAULTS, createSignedGrants } from '../allowances/signedGrants';
import { loadLater } from '../loadLater';
import type { Services } from '../services';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { askAsWallet } from './pipeline';
import { english } from '../../shared/fees.fixture';

const WALLET = 'chrome-extension://abcdefghijklmnopabcdefghijklmnop';
const SITE = 'https://dapp.example';
const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** An account with 1 ETH and 100 USDC on a chain with a USDC paymaster; `ask` sends a batch as the wallet or as a site. */
function setup(eth = parseEther('1')) {
  const chain = usdcChain({ eth, usdc: 100_000_000n });
  const asked: SendCallsDetails[] = [];
  const services = {
    batches: createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore())),
    accounts: { list: async () => [{ address: FROM, index: 0, name: 'Account 1' }], ledgerPath: async () => undefined },
    networks: { selected: async () => NETWORK },
    nodeFor: async () => chain.node,
    bundlerFor: async () => chain.bundler,
    previews: { of: () => undefined },
    reviewCalls: async (calls: CallInput[]) => Promise.all(calls.map(describeCall)),
    transactionCode: lazyTransactionCode(loadLater),
    usdcBatchCode: lazyUsdcBatchCode(loadLater),
    userOperationCode: lazyUserOperationCode(loadLater),
    allowanceCode: lazyAllowanceCode(loadLater),
    signedGrants: createSignedGrants(typedStorage(memoryBackend(), SIGNED_GRANTS_DEFAULTS), createSealer(memoryKeyStore())),
    approvals: {
      earlier: async () => undefined,
      plans: { begin: () => ({ stillAsked: async () => undefined, end: async () => undefined }) },
      request: async (_type: string, _from: unknown, details: SendCallsDetails) => (asked.push(details), { id: 'queued' }),
    },
  } as unknown as Services;
  const ask = (origin: string, capabilities: Record<string, unknown>, tabId = origin === WALLET ? -1 : 1) => {
    const replyTo = tabId < 0 ? { tabId, frameId: 0, origin, requestId: '' } : { tabId, frameId: 3, origin, requestId: '1' };
    const params = [{ version: '2.0.0', chainId: NETWORK.chainId, from: FROM, atomicRequired: true, calls: [{ to: TO, value: '0x1' }], capabilities }];
    return askAsWallet('wallet_sendCalls', params, { origin, method: 'wallet_sendCalls', services, account: FROM, replyTo });
  };
  return { ask, asked };
}

describe('the fee sources of wallet_sendCalls', () => {
  it('offer ETH and USDC when both work, ETH first, the USDC fee in its line', async () => {
    const { ask, asked } = setup();
    await ask(SITE, {});
    expect(asked[0].feeSources).toEqual({
      choices: ['eth', 'usdc'], preferred: 'eth',
      usdc: { line: expect.stringMatching(/^Network fee: ≈ \d+\.\d+ USDC \(at most \d+\.\d+ USDC\)$/), words: expect.objectContaining({ key: 'fees_usdcLine' }), maximum: expect.stringMatching(/^\d+$/), upgrade: true },
    });
    const { line, words } = asked[0].feeSources!.usdc!;
    expect(english({ message: line, words: words! })).toBe(line);
  });

  it('name the attribution of a batch paid in USDC where it goes: after the userOp’s callData', async () => {
    // The 1 wei the call sends and no ETH for the fee: USDC alone pays.
    const { ask, asked } = setup(1n);
    await ask(SITE, { dataSuffix: { value: Attribution.toDataSuffix({ codes: ['bc_test'] }) } });
    expect(asked[0].feeSources).toMatchObject({ choices: ['usdc'], preferred: 'usdc' });
    expect(asked[0].attribution).toMatchObject({ codes: ['bc_test'], appendedTo: 'operation' });
  });

  it("pick USDC first when the wallet's own request names it (walletFeeSource)", async () => {
    const { ask, asked } = setup();
    await ask(WALLET, { walletFeeSource: { default: 'usdc' } });
    expect(asked[0].feeSources).toMatchObject({ choices: ['eth', 'usdc'], preferred: 'usdc' });
  });

  it('cannot be named by a site: walletFeeSource from a page is an unsupported capability (5700), ignored when optional', async () => {
    const { ask, asked } = setup();
    await expect(ask(SITE, { walletFeeSource: { default: 'usdc' } })).rejects.toMatchObject({
      code: 5700, message: 'Unsupported capability capabilities.walletFeeSource: the wallet does not support it and it is not marked optional',
    });
    await ask(SITE, { walletFeeSource: { default: 'usdc', optional: true } });
    expect(asked.map((d) => d.feeSources?.preferred)).toEqual(['eth']);
  });

  it.each([WALLET, 'moz-extension://0e1f2a3b-4c5d-6e7f-8091-a2b3c4d5e6f7'])('cannot be named by a frame in a tab whose origin is an extension\'s (%s): only the wallet\'s own requests have no tab', async (origin) => {
    const { ask, asked } = setup();
    await expect(ask(origin, { walletFeeSource: { default: 'usdc' } }, 7)).rejects.toMatchObject({ code: 5700 });
    await ask(origin, { walletFeeSource: { default: 'usdc', optional: true } }, 7);
    expect(asked.map((d) => d.feeSources?.preferred)).toEqual(['eth']);
  });
});
