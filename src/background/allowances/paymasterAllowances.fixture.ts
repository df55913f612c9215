/**
 * The paymaster allowances' tests' account, paymasters and tokens on Ethereum, a node holding the allowances a test
 * gives it, and the wallet's records: its batches of approves and take-backs, and the permits it signed.
 */
import { AbiCoder, Interface, toQuantity } from 'ethers';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { paymasterAllowances } from './paymasterAllowances';
import type { AllowanceRecords } from './recorded';
import type { SignedGrant } from './signedGrants';

export const FROM: Hex = '0x00000000000000000000000000000000000000aa';
export const SITE_PAYMASTER: Hex = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
export const USDC_PAYMASTER: Hex = '0x0578cFB241215b77442a541325d6A4E6dFE700Ec';
// Ethereum's well-known USDC and USDT (protection/knownTokens.ts).
export const USDC: Hex = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
export const USDT: Hex = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
export const ETHEREUM = { chainId: '0x1', usdcPaymaster: { paymaster: USDC_PAYMASTER, token: USDC } } as Pick<Network, 'chainId' | 'usdcPaymaster'>;
export const ERC20 = new Interface([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 added)',
  'function transfer(address to, uint256 amount)',
]);

/** The wallet's records: its batches (each authentic unless listed in `altered`) and the permits it signed (each sealed). */
export function records(batches: BatchRecord[], signed: SignedGrant[] = [], altered: BatchRecord[] = []): AllowanceRecords {
  return { batches: { all: async () => batches, authentic: async (b) => !altered.includes(b) }, signedGrants: { all: async () => signed, authentic: async () => true } };
}

/** A node where `allowances` (token → spender → amount) are the account's; a token in `failing` does not answer. */
export function chain(allowances: Record<string, Record<string, bigint>>, failing: string[] = []) {
  const reads: string[] = [];
  const node = (async (method: string, params: unknown[]) => {
    if (method !== 'eth_call') throw new Error(`unexpected ${method}`);
    const { to, data } = params[0] as { to: Hex; data: Hex };
    reads.push(to);
    if (failing.includes(to)) throw new Error('node down');
    const [owner, spender] = ERC20.decodeFunctionData('allowance', data) as unknown as [string, string];
    if (owner.toLowerCase() !== FROM) return AbiCoder.defaultAbiCoder().encode(['uint256'], [0n]);
    return AbiCoder.defaultAbiCoder().encode(['uint256'], [allowances[to]?.[spender] ?? 0n]);
  }) as ChainNode;
  return { node, reads };
}

export const call = (fn: 'approve' | 'increaseAllowance', amount: bigint, { token = USDC, spender = SITE_PAYMASTER }: { token?: Hex; spender?: Hex } = {}) =>
  ({ to: token, value: '0x0' as Hex, data: ERC20.encodeFunctionData(fn, [spender, amount]) as Hex });
export const receipt = (status: Hex, block: number) => ({ logs: [], status, blockHash: '0x01' as Hex, blockNumber: toQuantity(block) as Hex, gasUsed: '0x1' as Hex, transactionHash: '0x01' as Hex });
/**
 * A batch of the account's on Ethereum made at `createdAt`, one transaction at `nonce`: sent and pending, unless
 * `landed` says how it landed (in block `block`, else `createdAt`), or `more` says otherwise.
 */
export type Made = Partial<BatchRecord> & { landed?: Hex; block?: number; nonce?: number };
export const batch = (calls: ReturnType<typeof call>[], createdAt: number, { landed, block = createdAt, nonce = 0, ...more }: Made = {}): BatchRecord => ({
  id: String(createdAt), origin: 'https://dapp.example', chainId: '0x1', from: FROM, atomic: true, upgrade: false, gasLimits: ['0x1'], state: 'sent', calls, createdAt,
  transactions: [{ hash: '0x01', raw: '0x', nonce, calls: calls.map((_, i) => i), sent: true, ...(landed ? { receipt: receipt(landed, block) } : {}) }], ...more,
});
/** A permit of 5 USDT to the paymaster, valid for a day more. */
export const permit = (more: Partial<SignedGrant> = {}): SignedGrant =>
  ({ kind: 'erc20', token: USDT, spender: SITE_PAYMASTER, account: FROM, chainId: '0x1', amount: '5', deadline: String(Math.floor(Date.now() / 1000) + 86_400), ...more });
export const sponsored = { from: FROM, sponsor: { url: 'https://pm.example', context: {}, paymaster: SITE_PAYMASTER } };
/** The tokens named on a node that says 0 for every allowance, each as a record says it. */
export const named = async (wallet: AllowanceRecords) => (await paymasterAllowances(chain({}).node, sponsored, ETHEREUM, wallet))?.map((a) => `${a.symbol} ${a.amount}${a.recorded ? ' recorded' : ''}`);
