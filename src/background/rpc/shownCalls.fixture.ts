/**
 * What the tests of "what the user is shown about a call" share: a call asked through the real pipeline
 * (wallet_sendCalls with any executor, or eth_sendTransaction) and everything the user is then shown (the screen's
 * words and dangers, the preview's tokens, the words Activity keeps, the allowance the Approvals tab lists). The calls
 * they run over are shownCases.fixture.ts's.
 */
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import type { DecodedCall } from '../../shared/decodedCall';
import { BAYC, PERMIT2, SEAPORT_16, SIGNER, UNIVERSAL_ROUTER, USDC } from '../../shared/erc7730/samples.fixture';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { grantsOf } from '../allowances/granted';
import { createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../batches/types';
import { approvedWords, wordedCalls } from '../calls/recorded';
import { CODE, MAINNET, fakeNode } from '../clearSigning/chain.fixture';
import { MULTICALL3, deps as reviewDeps, usdc } from '../clearSigning/calls.fixture';
import { reviewCalls } from '../clearSigning/calls';
import { lazyTransactionCode } from '../batches/lazyTransactionCode';
import { lazyUsdcBatchCode } from '../batches/lazyUsdcBatchCode';
import { lazyUserOperationCode } from '../batches/lazyUserOperationCode';
import { lazyAllowanceCode } from '../allowances/lazyAllowanceCode';
import { SIGNED_GRANTS_DEFAULTS, createSignedGrants } from '../allowances/signedGrants';
import { loadLater } from '../loadLater';
import type { ChainNode } from '../networks/rpcClient';
import type { Services } from '../services';
import { createPreviews } from '../simulation/previews';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { askAsWallet } from './pipeline';

export const SITE = 'https://dapp.example';
export const FROM = SIGNER as Hex;
const NETWORK: Network = { ...MAINNET, bundlerUrl: 'https://bundler.example/rpc' };
const chain = { code: { [USDC.toLowerCase()]: CODE, [PERMIT2.toLowerCase()]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: CODE, [BAYC.toLowerCase()]: CODE, [MULTICALL3.toLowerCase()]: CODE, [SEAPORT_16.toLowerCase()]: CODE }, tokens: usdc };

export interface Call { to: Hex; value: Hex; data?: Hex }
export type Executor = 'sequential' | 'atomic' | 'sponsored';
export const EXECUTORS: Executor[] = ['sequential', 'atomic', 'sponsored'];

/** The review chain (code, tokens) and what planning and fees ask; the simulations it was asked are kept. */
function node(simulated: unknown[]): ChainNode {
  const chainNode = fakeNode(chain);
  return (async (method: string, params: unknown[] = []) => {
    switch (method) {
      case 'eth_estimateGas': return '0x10000';
      case 'eth_feeHistory': return { baseFeePerGas: ['0x3b9aca00', '0x3b9aca00'], gasUsedRatio: [0], reward: [['0x0', '0x0', '0x0']] };
      case 'eth_maxPriorityFeePerGas': return '0x3b9aca00';
      case 'eth_getTransactionCount': return '0x0';
      case 'eth_getBalance': return '0x0';
      case 'eth_getBlockByNumber':
        if (params[0] === 'pending') return null;
        break;
      case 'eth_simulateV1':
        simulated.push(params[0]);
        throw new Error('no simulation in these tests');
      case 'eth_call':
        if (String((params[0] as { to: string }).to).toLowerCase() === ENTRY_POINT_V08.toLowerCase()) return `0x${'0'.repeat(64)}`;
    }
    return chainNode(method, params);
  }) as ChainNode;
}

/** The wallet's services over the review chain; `asked` keeps the details of each approval the pipeline asks. */
function wallet() {
  const simulated: unknown[] = [];
  const chainNode = node(simulated);
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  const asked: unknown[] = [];
  const services = {
    batches,
    accounts: { list: async () => [{ address: FROM, index: 0, name: 'Account 1' }], ledgerPath: async () => undefined },
    networks: { selected: async () => NETWORK },
    nodeFor: async () => chainNode,
    previews: { of: () => undefined },
    reviewCalls: (c: Parameters<typeof reviewCalls>[1], account: Hex, network: Network) => reviewCalls({ ...reviewDeps, node: chainNode }, c, account, network),
    transactionCode: lazyTransactionCode(loadLater),
    usdcBatchCode: lazyUsdcBatchCode(loadLater),
    userOperationCode: lazyUserOperationCode(loadLater),
    allowanceCode: lazyAllowanceCode(loadLater),
    signedGrants: createSignedGrants(typedStorage(memoryBackend(), SIGNED_GRANTS_DEFAULTS), createSealer(memoryKeyStore())),
    approvals: {
      earlier: async () => undefined,
      plans: { begin: () => ({ stillAsked: async () => undefined, end: async () => undefined }) },
      request: async (_type: string, _from: unknown, details: unknown) => (asked.push(details), { id: 'queued' }),
    },
  } as unknown as Services;
  const ask = (method: string, params: unknown) => askAsWallet(method, params, { origin: SITE, method, services, account: FROM, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' } });
  return { ask, asked, batches, chainNode, simulated };
}

/** What the user is shown about the screen's `calls` of batch `id`, its preview, and once approved, Activity's words and the Approvals tab. */
async function shownOf({ batches, chainNode }: ReturnType<typeof wallet>, id: string, calls: DecodedCall[]) {
  const planned = (await batches.get(SITE, id))!;
  const preview = await createPreviews().of(planned, { name: NETWORK.name, symbol: 'ETH' }, chainNode);
  // The user approves: the batch keeps the screen's words (as the method's `approve` does) and counts as granted.
  const approved: BatchRecord = await batches.update(SITE, id, (b) => ({ ...b, state: 'sent', ...approvedWords(calls) }));
  const view = { calls, preview: preview.tokens, activity: await wordedCalls(approved.calls, approved.reviews), grants: await grantsOf([approved], FROM, NETWORK.chainId) };
  return { record: approved, view };
}

/** Everything the user is shown about a batch of `calls` asked with `suffix`, run by `executor`. */
export async function shown(calls: Call[], executor: Executor, suffix?: Hex) {
  const asking = wallet();
  const capabilities = {
    ...(suffix ? { dataSuffix: { value: suffix } } : {}),
    ...(executor === 'sponsored' ? { paymasterService: { url: 'https://pm.example/rpc' } } : {}),
  };
  await asking.ask('wallet_sendCalls', [{ version: '2.0.0', id: 'b', chainId: NETWORK.chainId, from: FROM, atomicRequired: executor !== 'sequential', calls, capabilities }]);
  const [details] = asking.asked as SendCallsDetails[];
  return { ...(await shownOf(asking, 'b', details.calls)), simulated: asking.simulated, attribution: details.attribution, paymasterAllowances: details.paymasterAllowances };
}

/** Everything the user is shown about `call` sent by eth_sendTransaction. */
export async function shownAsTransaction(call: Call) {
  const asking = wallet();
  await asking.ask('eth_sendTransaction', [{ from: FROM, ...call }]);
  const [details] = asking.asked as SendTransactionDetails[];
  return shownOf(asking, details.batchId, [details.call]);
}
