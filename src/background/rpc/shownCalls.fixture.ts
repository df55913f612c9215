/**
 * What the tests of "what the user is shown about a call" share: a call asked through the real pipeline
 * (wallet_sendCalls with any executor, or eth_sendTransaction) and everything the user is then shown (the screen's
 * words and dangers, the preview's tokens, the words Activity keeps, the allowance the Approvals tab lists), and a
 * seeded generator of calls for every function of the descriptor corpus (public/erc7730/).
 */
import { FunctionFragment, Interface, MaxUint256, hexlify, type ParamType } from 'ethers';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import type { DecodedCall } from '../../shared/decodedCall';
import { BAYC, PERMIT2, SEAPORT_16, SIGNER, UNIVERSAL_ROUTER, USDC, descriptors, seaportListing } from '../../shared/erc7730/samples.fixture';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { grantsOf } from '../allowances/granted';
import { createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../batches/types';
import { approvedWords, wordedCalls } from '../calls/recorded';
import { CODE, MAINNET, fakeNode } from '../clearSigning/chain.fixture';
import { ACCOUNT, EOA, MULTICALL3, abi, aggregate3, deps as reviewDeps, permit2, seaport, usdc } from '../clearSigning/calls.fixture';
import { reviewCalls } from '../clearSigning/calls';
import { lazyTransactionCode } from '../batches/lazyTransactionCode';
import { lazyUsdcBatchCode } from '../batches/lazyUsdcBatchCode';
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
  return { ...(await shownOf(asking, 'b', details.calls)), simulated: asking.simulated, attribution: details.attribution };
}

/** Everything the user is shown about `call` sent by eth_sendTransaction. */
export async function shownAsTransaction(call: Call) {
  const asking = wallet();
  await asking.ask('eth_sendTransaction', [{ from: FROM, ...call }]);
  const [details] = asking.asked as SendTransactionDetails[];
  return shownOf(asking, details.batchId, [details.call]);
}

/** A seeded generator (mulberry32): a case that fails fails again on every run. */
export function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { int, pick };
}

/** Arguments for `param` a dapp could send: real addresses, bounds, an approve inside `bytes` (a multicall's call). */
function argument(param: ParamType, r: ReturnType<typeof random>): unknown {
  if (param.isArray()) return Array.from({ length: param.arrayLength >= 0 ? param.arrayLength : 1 + r.int(2) }, () => argument(param.arrayChildren, r));
  if (param.isTuple()) return param.components.map((c) => argument(c, r));
  const type = param.type;
  if (type === 'address') return r.pick([EOA, USDC, BAYC, UNIVERSAL_ROUTER, SIGNER]);
  if (type === 'bool') return r.int(2) === 1;
  if (type === 'string') return 'x';
  if (type === 'bytes') return r.pick(['0x', abi.encodeFunctionData('approve', [EOA, MaxUint256]), hexlify(new Uint8Array(5).fill(7))]);
  if (type.startsWith('bytes')) return hexlify(new Uint8Array(Number(type.slice(5))).fill(0x11));
  const bits = Number(type.replace(/^u?int/, '') || 256);
  const max = (1n << BigInt(bits)) - 1n;
  if (type.startsWith('uint')) return r.pick([0n, 1n, 10n ** 6n < max ? 10n ** 6n : 2n, max]);
  return r.pick([0n, 1n, -1n]);
}

/** The contract a descriptor speaks for on mainnet, or a token of its kind when it names none. */
function contractOf(source: string | undefined, deployments: { chainId: number; address: string }[] | undefined): Hex {
  const mainnet = deployments?.find((d) => d.chainId === 1)?.address;
  if (mainnet) return mainnet as Hex;
  return (source === 'calldata-nft.json' ? BAYC : USDC) as Hex;
}

/**
 * A call for every function of the descriptor corpus (public/erc7730/), with arguments drawn by `seed`. The account's
 * own execute/executeBatch are left out: the wallet refuses a call into the sending account (-32602); so are the
 * pseudo-functions of Uniswap's commands, which no call binds.
 */
export function corpusCalls(seed: number): { name: string; call: Call }[] {
  const r = random(seed);
  return descriptors.flatMap((descriptor) => {
    const context = descriptor.context.contract;
    // A descriptor naming no deployment binds nothing by itself (Uniswap's commands: only behind the router's execute).
    if (!context || descriptor.source === 'calldata-simple7702account.json' || context.deployments?.length === 0) return [];
    const to = contractOf(descriptor.source, context.deployments);
    return Object.keys(descriptor.display.formats).map((key) => {
      const fragment = FunctionFragment.from(key);
      const data = new Interface([fragment]).encodeFunctionData(fragment, fragment.inputs.map((input) => argument(input, r))) as Hex;
      return { name: `${descriptor.source} ${key.slice(0, key.indexOf('('))}`, call: { to, value: '0x0', data } };
    });
  });
}

/** The calls of the clear-signing tests (calls.fixture.ts), and calls without data, where a sequential batch may put the attribution. */
export function fixtureCalls(): { name: string; call: Call }[] {
  const approve = abi.encodeFunctionData('approve', [EOA, MaxUint256]);
  const listing = seaportListing(10n ** 18n).message as Record<string, unknown> & { consideration: unknown[] };
  const { counter: _counter, ...parameters } = listing;
  const fulfil = seaport.encodeFunctionData('fulfillOrder', [{ parameters: { ...parameters, totalOriginalConsiderationItems: listing.consideration.length }, signature: `0x${'11'.repeat(65)}` }, `0x${'00'.repeat(32)}`]);
  const calls: [string, Hex, string, string?][] = [
    ['unlimited approve to an account without code', USDC, approve],
    ['revoke', USDC, abi.encodeFunctionData('approve', [EOA, 0n])],
    ['permit', USDC, abi.encodeFunctionData('permit', [SIGNER, EOA, MaxUint256, 1735689600, 27, `0x${'11'.repeat(32)}`, `0x${'22'.repeat(32)}`])],
    ['setApprovalForAll', BAYC, abi.encodeFunctionData('setApprovalForAll', [EOA, true])],
    ['Permit2 approve', PERMIT2, permit2.encodeFunctionData('approve', [USDC, UNIVERSAL_ROUTER, (1n << 160n) - 1n, 1737000000n])],
    ['Multicall3 aggregate3 of an approve', MULTICALL3, aggregate3([USDC, approve])],
    ['Seaport fulfillOrder', SEAPORT_16, fulfil, '0xde0b6b3a7640000'],
    ['another account\'s executeBatch', ACCOUNT, abi.encodeFunctionData('executeBatch', [[[USDC, 0n, approve]]])],
    ['ETH to an account without code', EOA as Hex, '0x', '0x5'],
    ['a contract called without data', USDC, '0x'],
  ];
  return calls.map(([name, to, data, value]) => ({ name, call: { to, value: (value ?? '0x0') as Hex, ...(data === '0x' ? {} : { data: data as Hex }) } }));
}

