/**
 * What a paymaster that may take a batch's fee can already take: a sponsored batch's paymaster (a token paymaster
 * behind a site's paymasterService charges in the tokens it may take), or the chain's USDC paymaster when the fee may be
 * paid in USDC (an allowance lets it skip the permit the user approves). In the worker's later script (./lazyAllowanceCode.ts):
 * the screen names each standing allowance on a token the wallet knows on the chain, as the node reads it (./onChain.ts),
 * and each the node says is 0 while the wallet's own records say the account gave it (./recorded.ts).
 */
import type { PaymasterAllowance } from '../../shared/approvals/batch';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { knownErc20s } from '../batches/sponsorAllowance';
import type { BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { allowanceLeft } from './onChain';
import { recordedAllowances, type AllowanceRecords } from './recorded';

/** The paymaster that may take the batch's fee: its sponsor's, or the USDC paymaster its fee in USDC was planned with. */
const paymasterOf = (batch: Pick<BatchRecord, 'sponsor' | 'usdcFee'>): Hex | undefined => batch.sponsor?.paymaster ?? batch.usdcFee?.paymaster.paymaster;

/**
 * The account's standing allowances to that paymaster, one read per known token (undefined: none, or no paymaster). A
 * read that failed is said (amount null); a 0 is said too when the wallet's records say otherwise (`recorded`).
 */
export async function paymasterAllowances(
  node: ChainNode,
  batch: Pick<BatchRecord, 'from' | 'sponsor' | 'usdcFee'>,
  network: Pick<Network, 'chainId' | 'usdcPaymaster'>,
  records: AllowanceRecords,
): Promise<PaymasterAllowance[] | undefined> {
  const paymaster = paymasterOf(batch);
  if (!paymaster) return undefined;
  const now = Math.floor(Date.now() / 1000);
  const [recorded, read] = await Promise.all([
    recordedAllowances(records, batch.from, network.chainId, paymaster, now).catch((error: Error) => {
      // Never the plan's failure: the node's answers are named alone.
      console.warn("[allowances] the wallet's records of allowances to the paymaster could not be read", error.message);
      return new Set<string>();
    }),
    Promise.all(knownErc20s(network).map(async ({ symbol, address: token }) => ({ token, symbol, amount: await allowanceLeft(node, batch.from, { kind: 'erc20', token, spender: paymaster }, now) }))),
  ]);
  const named = read.flatMap(({ token, symbol, amount }): PaymasterAllowance[] => {
    if (amount === null) return [{ paymaster, token, symbol, amount: null }];
    if (amount > 0n) return [{ paymaster, token, symbol, amount: amount.toString() }];
    return recorded.has(token.toLowerCase()) ? [{ paymaster, token, symbol, amount: '0', recorded: true }] : [];
  });
  return named.length > 0 ? named : undefined;
}
