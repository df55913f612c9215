/**
 * What a paymaster that may take a batch's fee can already take: a sponsored batch's paymaster (a token paymaster
 * behind a site's paymasterService charges in the tokens it may take), or the chain's USDC paymaster when the fee may be
 * paid in USDC (an allowance lets it skip the permit the user approves). In the worker's later script, beside the
 * userOp's code (executors/userOperationCode.ts): the screen names each standing allowance on a token the wallet knows on the chain.
 */
import type { PaymasterAllowance } from '../../shared/approvals/batch';
import type { DecodedCall } from '../../shared/decodedCall';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { KNOWN_TOKENS } from '../../shared/knownTokens';
import type { ChainNode } from '../networks/rpcClient';
import { namedPaymasterAllowances } from './sponsorAllowance';
import type { BatchRecord } from './types';

type ChainFacts = Pick<Network, 'chainId' | 'usdcPaymaster'>;

/** The ERC-20s the wallet knows on a chain: its well-known tokens and the USDC its USDC paymaster takes. */
function knownErc20s({ chainId, usdcPaymaster }: ChainFacts): { symbol: string; address: Hex }[] {
  const known = Object.entries(KNOWN_TOKENS.get(BigInt(chainId)) ?? {}).map(([symbol, address]) => ({ symbol, address }));
  const usdc = usdcPaymaster?.token;
  return usdc && !known.some(({ address }) => address.toLowerCase() === usdc.toLowerCase()) ? [...known, { symbol: 'USDC', address: usdc }] : known;
}

/** allowance(owner, spender) */
const ALLOWANCE = '0xdd62ed3e';
const word = (address: Hex) => address.slice(2).toLowerCase().padStart(64, '0');

/** The paymaster that may take the batch's fee: its sponsor's, or the USDC paymaster its fee in USDC was planned with. */
const paymasterOf = (batch: Pick<BatchRecord, 'sponsor' | 'usdcFee'>): Hex | undefined => batch.sponsor?.paymaster ?? batch.usdcFee?.paymaster.paymaster;

/** The allowance as one word; null when the node failed or answered anything else (said, never taken as none). */
async function allowanceOf(node: ChainNode, token: Hex, owner: Hex, spender: Hex): Promise<bigint | null> {
  try {
    const answer = await node<unknown>('eth_call', [{ to: token, data: `${ALLOWANCE}${word(owner)}${word(spender)}` }, 'latest']);
    return typeof answer === 'string' && /^0x[0-9a-fA-F]{64}$/.test(answer) ? BigInt(answer) : null;
  } catch {
    return null;
  }
}

/** The account's standing allowances to that paymaster, one read per known token (undefined: none, or no paymaster). */
export async function paymasterAllowances(node: ChainNode, batch: Pick<BatchRecord, 'from' | 'sponsor' | 'usdcFee'>, network: ChainFacts): Promise<PaymasterAllowance[] | undefined> {
  const paymaster = paymasterOf(batch);
  if (!paymaster) return undefined;
  const read = await Promise.all(knownErc20s(network).map(async ({ symbol, address }) => ({ paymaster, token: address, symbol, amount: await allowanceOf(node, address, batch.from, paymaster) })));
  const named = read.filter((a) => a.amount !== 0n).map((a) => ({ ...a, amount: a.amount === null ? null : a.amount.toString() }));
  return named.length > 0 ? named : undefined;
}

/** A sponsored batch's calls as shown, each whose bytes let its paymaster take tokens named (./sponsorAllowance.ts). */
export function withPaymasterAllowances(calls: DecodedCall[], batch: Pick<BatchRecord, 'calls' | 'sponsor'>, network: ChainFacts): DecodedCall[] {
  const paymaster = batch.sponsor?.paymaster;
  return paymaster ? namedPaymasterAllowances(calls, batch.calls, { paymaster, erc20s: knownErc20s(network).map((t) => t.address) }) : calls;
}
