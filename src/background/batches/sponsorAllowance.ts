/**
 * A sponsored batch's calls that let the paymaster paying its fee take the account's tokens. The screen says the site's
 * paymaster pays the fee; a token paymaster (an ERC-20 paymaster behind the site's paymasterService) charges it in the
 * tokens it may take, so such a call is named a danger and asks the second yes.
 *
 * Read on the bytes as signed, not on what the wallet decoded: a call is named when its calldata holds the
 * paymaster's 20 bytes anywhere — an ABI word, clean or with dirty high bytes (which Solidity's first ABI decoder
 * drops), or calldata nested in a multicall(bytes[]), an aggregate or an account's execute(bytes), which is not
 * word-aligned — unless it is a shape known to grant nothing, naming it only where that shape does.
 */
import { PERMIT2 } from '../../shared/contracts';
import type { Danger } from '../../shared/dangers';
import type { DecodedCall } from '../../shared/decodedCall';
import { KNOWN_TOKENS } from '../../shared/knownTokens';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { BatchCall, BatchRecord } from './types';

/** The ERC-20s the wallet knows on a chain: its well-known tokens and the USDC its USDC paymaster takes. */
export function knownErc20s({ chainId, usdcPaymaster }: Pick<Network, 'chainId' | 'usdcPaymaster'>): { symbol: string; address: Hex }[] {
  const known = Object.entries(KNOWN_TOKENS.get(BigInt(chainId)) ?? {}).map(([symbol, address]) => ({ symbol, address }));
  const usdc = usdcPaymaster?.token;
  return usdc && !known.some(({ address }) => address.toLowerCase() === usdc.toLowerCase()) ? [...known, { symbol: 'USDC', address: usdc }] : known;
}

/** Who pays a sponsored batch's fee, and the ERC-20s the wallet knows on its chain: an approve of 0 revokes only on those. */
export interface BatchPaymaster {
  paymaster: Hex;
  erc20s: Hex[];
}

const paymasterSpends = (paymaster: Hex): Danger => ({
  kind: 'paymasterSpends',
  tone: 'danger',
  confirm: true,
  message: `This call lets ${paymaster}, the paymaster paying this batch's network fee, spend your tokens: a paymaster allowed to take them can charge the fee in them, though the fee reads as paid for you.`,
  words: { key: 'dangers_paymasterSpends', values: { paymaster } },
});

/**
 * The shapes that name the paymaster and grant it nothing, by the argument words their contract reads: the word that
 * names it and the one that must be zero. approve and increaseAllowance of 0 only on a known ERC-20 (an ERC-721 reads
 * approve(paymaster, 0) as token #0 approved); setApprovalForAll taken back; Permit2's approve of 0 (to Permit2);
 * an ERC-20 transfer to it, a payment the screen shows as one.
 */
function harmlessShape(to: string, selector: string, erc20s: Hex[]): { names: number; zero?: number } | undefined {
  const erc20 = erc20s.some((token) => token.toLowerCase() === to);
  if (erc20 && (selector === '0x095ea7b3' || selector === '0x39509351')) return { names: 0, zero: 1 };
  if (selector === '0xa22cb465') return { names: 0, zero: 1 };
  if (selector === '0x87517c45' && to === PERMIT2.toLowerCase()) return { names: 1, zero: 2 };
  if (erc20 && selector === '0xa9059cbb') return { names: 0 };
  return undefined;
}

/** The byte offsets at which `data` (hex digits, lower case) holds `address` (the same). */
function offsetsOf(data: string, address: string): number[] {
  const found: number[] = [];
  for (let at = data.indexOf(address); at >= 0; at = data.indexOf(address, at + 1)) if (at % 2 === 0) found.push(at / 2);
  return found;
}

/** Whether `call` (its whole calldata) lets `paymaster` take tokens, or may: it names it outside a harmless shape. */
function allows({ to, data }: Pick<BatchCall, 'to' | 'data'>, { paymaster, erc20s }: BatchPaymaster): boolean {
  const hex = data.slice(2).toLowerCase();
  const offsets = offsetsOf(hex, paymaster.slice(2).toLowerCase());
  if (offsets.length === 0) return false;
  const shape = to && hex.length >= 8 ? harmlessShape(to.toLowerCase(), `0x${hex.slice(0, 8)}`, erc20s) : undefined;
  if (!shape) return true;
  const word = (i: number) => hex.slice(8 + i * 64, 72 + i * 64);
  // Named once, as the address in its word; the word after it (how much, or whether) zero and there to be read.
  const namedThere = offsets.length === 1 && offsets[0] === 4 + shape.names * 32 + 12;
  return !namedThere || (shape.zero !== undefined && !/^0{64}$/.test(word(shape.zero)));
}

/**
 * The calls as shown, each whose bytes as signed (`sent`, in the same order; the shown data is cut at a kilobyte)
 * let the sponsoring paymaster take tokens with that danger among its dangers.
 */
export function namedPaymasterAllowances(calls: DecodedCall[], sent: Pick<BatchCall, 'to' | 'data'>[], batch: BatchPaymaster): DecodedCall[] {
  return calls.map((call, i) => {
    if (!allows(sent[i], batch)) return call;
    const danger = paymasterSpends(batch.paymaster);
    // In no descriptor's words (not decoded, or none binds): among the call's own dangers.
    return call.review
      ? { ...call, review: { ...call.review, dangers: [...call.review.dangers, danger] } }
      : { ...call, dangers: [...(call.dangers ?? []), danger] };
  });
}

/** A sponsored batch's calls as shown, each whose bytes let its paymaster take tokens named (in the worker's later script, beside the userOp's code). */
export function withPaymasterAllowances(calls: DecodedCall[], batch: Pick<BatchRecord, 'calls' | 'sponsor'>, network: Pick<Network, 'chainId' | 'usdcPaymaster'>): DecodedCall[] {
  const paymaster = batch.sponsor?.paymaster;
  return paymaster ? namedPaymasterAllowances(calls, batch.calls, { paymaster, erc20s: knownErc20s(network).map((t) => t.address) }) : calls;
}
