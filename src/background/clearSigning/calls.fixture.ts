/** What the call-review tests share: the ABIs they encode with, a chain where USDC, Permit2, Multicall3 and the router are contracts, and the review of one call. */
import { Interface } from 'ethers';
import type { DecodedCall } from '../../shared/decodedCall';
import { BAYC, PERMIT2, SIGNER, UNIVERSAL_ROUTER, USDC, descriptors } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import type { TypedMessage } from '../../shared/typedData/types';
import { CODE, MAINNET, NOW, fakeNode, type Chain } from './chain.fixture';
import { reviewCalls } from './calls';
import { reviewTypedData } from './review';

export const abi = new Interface([
  'function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function approve(address spender, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
]);
export const permit2 = new Interface(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);
export const multicall3 = new Interface(['function aggregate3((address target, bool allowFailure, bytes callData)[] calls)']);
export const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** Multicall3's aggregate3 of `inner` calls, each allowed to fail. */
export const aggregate3 = (...inner: [string, string][]) => multicall3.encodeFunctionData('aggregate3', [inner.map(([to, data]) => [to, true, data])]);
export const seaport = new Interface([`function ${Object.keys(descriptors.find((d) => d.source === 'calldata-seaport.json')?.display.formats ?? {}).find((key) => key.startsWith('fulfillOrder('))}`]);

export const EOA = '0x2222222222222222222222222222222222222222';
export const ACCOUNT = '0x4444444444444444444444444444444444444444' as Hex;
export const usdc = { [USDC.toLowerCase()]: { symbol: 'USDC', decimals: 6, balance: 1_000_000n } };
/** USDC, Permit2 and the router are contracts; EOA has no code. */
const chain: Chain = { code: { [MULTICALL3.toLowerCase()]: CODE, [USDC.toLowerCase()]: CODE, [PERMIT2.toLowerCase()]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: CODE, [BAYC.toLowerCase()]: CODE }, tokens: usdc };
export const deps = { node: fakeNode(chain), descriptors: async () => descriptors, now: () => NOW, ownAccounts: async () => [] };

export const review = async (to: string, data: string): Promise<DecodedCall> => (await reviewCalls(deps, [{ to: to as Hex, value: '0x0', data: data as Hex }], SIGNER as Hex, MAINNET))[0];
export const signature = (typed: TypedMessage) => reviewTypedData(deps, typed, SIGNER as Hex, MAINNET);
export const rows = (fields: { label: string; text: string; address?: Hex }[] | undefined) => fields?.map((f) => [f.label, f.text, f.address]);
