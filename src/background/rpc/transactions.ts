/**
 * eth_sendTransaction. It runs through the batch machinery as a one-call sequential batch of kind `transaction`:
 * the same persistence, nonce lock, restart resume, receipts and Activity entry. A nonce the site chose is checked
 * first (batches/dappNonce.ts): the next one, or the wallet's own pending transaction's, which the screen names.
 */
import { randomHex } from '../../shared/randomId';
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { invalidParams } from '../../shared/errors';
import { FEE_TIERS, isFeeTier, type FeeTier } from '../../shared/fees';
import type { Hex } from '../../shared/params';
import { parseSendTransaction, type TransactionRequest } from '../../shared/schemas/sendTransaction';
import { dappNonce, type ReplacedTransaction } from '../batches/dappNonce';
import { assertNoGrantReEnabled, assertNoSelfCalls } from '../batches/encoding';
import { approvedWords, wordedCalls } from '../calls/recorded';
import { poisonedRecipients } from '../protection/addressPoisoning';
import { sequential } from '../batches/executors/sequential';
import { fromHexFees, toHexTierFees } from '../batches/fees';
import { l1FeeUpperBound } from '../fees/l1DataFee';
import { tierFees } from '../fees/tiers';
import { sendBatch } from '../batches/run';
import type { Using } from '../services';
import { type AccountContext, type DappTable, methodsUsing } from './types';

/** The services these methods use (also what a method asking its approval needs). */
export type TransactionUses = 'accounts' | 'batches' | 'deviceSigning' | 'bundlerFor' | 'detection' | 'loops' | 'networks' | 'nodeFor' | 'previews' | 'reviewCalls' | 'transactionCode' | 'usdcBatchCode' | 'userOperationCode';
const method = methodsUsing<TransactionUses>();

const hex = (value: bigint): Hex => `0x${value.toString(16)}`;

/** The replaced transaction as the screen shows it, what it does in the words its own approval showed. */
const shown = async ({ nonce, hash, batchOrigin, calls, reviews, revokeDelegation }: ReplacedTransaction): Promise<NonNullable<SendTransactionDetails['replaces']>> =>
  ({ nonce, hash, batchOrigin, calls: await wordedCalls(calls, reviews), ...(revokeDelegation ? { revokeDelegation } : {}) });

/**
 * Plans the one-call batch (stored, awaiting approval) and prices each fee tier for the screen. `revokeAll`: the call
 * is the account's own batch of Revoke all's increments (grantRevokes.ts), a call into it hiding nothing.
 */
async function prepare(tx: TransactionRequest, { services, origin, account: from }: AccountContext<Using<TransactionUses>>, revokeAll?: boolean): Promise<SendTransactionDetails> {
  const network = await services.networks.selected();
  if (tx.chainId && BigInt(tx.chainId) !== BigInt(network.chainId)) {
    throw invalidParams(`transaction.chainId ${tx.chainId} does not match the selected network ${network.chainId} (${network.name})`);
  }
  const call = { ...(tx.to ? { to: tx.to } : {}), value: hex(tx.value), data: tx.data, ...(tx.gas === undefined ? {} : { gasLimitOverride: hex(tx.gas) }) };
  if (!revokeAll) assertNoSelfCalls(from, [call], () => 'transaction.to');
  assertNoGrantReEnabled([call], () => 'transaction.to');
  const node = await services.nodeFor(network.chainId);
  const replaced = tx.nonce === undefined ? undefined : await dappNonce(services.batches, node, { from, chainId: network.chainId }, tx.nonce);
  const [planned, tiers] = await Promise.all([
    sequential.plan({ node, network, upgraded: false }, { kind: 'transaction', id: randomHex(32), origin, from, calls: [call] }),
    tierFees(node, network.chainId),
  ]);
  const fixedFees = tx.maxFeePerGas !== undefined ? { maxFeePerGas: hex(tx.maxFeePerGas), maxPriorityFeePerGas: hex(tx.maxPriorityFeePerGas!) } : undefined;
  // Each tier's fee is shown, and is a cap when the user picks it: signing never pays more.
  const batch = { ...planned, ...(fixedFees ? { fees: fixedFees } : { feeCaps: toHexTierFees(tiers) }), ...(tx.nonce !== undefined ? { nonce: tx.nonce } : {}) };
  await services.batches.add(batch);
  // Simulated while the window opens; the screen asks for it (previewApproval).
  void services.previews.of(batch, { name: network.name, symbol: network.nativeCurrency.symbol }, node);
  const gas = BigInt(batch.gasLimits[0]);
  // On the OP stack the chain also charges the L1 data fee: the most it can be is part of what the user may pay.
  const [l1Fee, [described]] = await Promise.all([
    l1FeeUpperBound(node, network, () => services.transactionCode.unsignedTransactions(batch, fixedFees ? fromHexFees(fixedFees) : tiers.aggressive)),
    services.reviewCalls([call], from, network),
  ]);
  const maxFees = fixedFees
    ? { fixed: (gas * BigInt(fixedFees.maxFeePerGas) + l1Fee).toString() }
    : Object.fromEntries(FEE_TIERS.map((tier) => [tier, (gas * tiers[tier].maxFeePerGas + l1Fee).toString()]));
  const lookAlikeRecipients = await poisonedRecipients(services, [described]);
  return {
    batchId: batch.id, from, networkName: network.name, symbol: network.nativeCurrency.symbol,
    call: described, gasLimit: gas.toString(), maxFees, warning: batch.warning,
    ...(l1Fee > 0n ? { l1Fee: l1Fee.toString() } : {}),
    ...(lookAlikeRecipients.length > 0 ? { lookAlikeRecipients } : {}),
    ...(replaced ? { replaces: await shown(replaced) } : {}),
  };
}

/**
 * The site's nonce again at approval: while the screen was open the account may have sent other transactions, and
 * the nonce must still replace exactly what the screen named (or nothing).
 */
async function nonceStillShown(services: Using<TransactionUses>, origin: string, details: SendTransactionDetails): Promise<void> {
  // A copy without the nonce read here, the wallet's put back before the sending, would skip the check.
  const batch = await services.batches.get(origin, details.batchId);
  if (batch?.nonce === undefined) return;
  const now = await dappNonce(services.batches, await services.nodeFor(batch.chainId), batch, batch.nonce).catch(async (error: unknown) => {
    await services.batches.remove(origin, details.batchId);
    throw error;
  });
  if (now?.hash !== details.replaces?.hash) {
    await services.batches.remove(origin, details.batchId);
    throw invalidParams(`transaction.nonce ${batch.nonce} now belongs to another pending transaction than the screen showed; nothing was sent`);
  }
}

/** eth_sendTransaction's approval; a site's revoke of an execution permission asks the same (grantRevokes.ts). */
export const transactionApproval = {
  type: 'sendTransaction',
  prepare,
  answer: (raw: unknown) => (isFeeTier(raw) ? raw : 'market'),
  async approve({ id, origin, details }: { id: string; origin: string; details: SendTransactionDetails }, feeTier: FeeTier, services: Using<TransactionUses>): Promise<Hex> {
    await nonceStillShown(services, origin, details);
    await services.deviceSigning.placeSigned(id, { origin, batchId: details.batchId, from: details.from });
    return (await sendBatch(services, origin, details.batchId, { feeTier, ...approvedWords([details.call]) })).transactions[0].hash;
  },
  release: (details: SendTransactionDetails, origin: string, services: Using<TransactionUses>) => services.batches.remove(origin, details.batchId),
  batchOf: (details: SendTransactionDetails, origin: string) => ({ origin, id: details.batchId }),
} as const;

export const transactionMethods = {
  eth_sendTransaction: method({
    parse: parseSendTransaction,
    auth: 'account',
    account: (tx) => tx.from,
    approval: transactionApproval,
  }),
} satisfies DappTable;
