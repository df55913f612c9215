/**
 * A userOp of an account waits, before it is drafted and signed, for the account's userOps this wallet sent in the
 * minute before it to run on chain. Its EntryPoint nonce (and a permit's nonce) are read from the chain, which knows
 * nothing of a bundler's pool, and a bundler refuses the next nonce (AA25) while the op before it is in its pool or bundle.
 * Run under the account's lock (../nonceLock.ts) and from the stored records alone: after a worker restart the
 * approval's sending waits again, and nothing was signed before. In the worker's later script (userOperationSend.ts;
 * for a Ledger account, as the device is asked what to sign: rpc/devicePayloads.ts).
 */
import { UPGRADE_DELEGATE, walletDelegateOf, type AccountKind } from '../../../shared/delegates';
import { ErrorCode, RpcError } from '../../../shared/errors';
import type { Hex } from '../../../shared/params';
import type { ChainNode } from '../../networks/rpcClient';
import { quarterBlock } from '../../watch/pollLoop';
import { pollUntil } from '../../watch/pollUntil';
import { ownRecords } from '../ownRecords';
import { undecided } from '../status';
import type { BatchRecord, SentUserOperation } from '../types';
import type { BatchDeps } from './executor';
import { nonceUsed } from './userOperationOnChain';

/** How long the account's previous userOp may take to run: five blocks of a 12 s chain, 300 of the devnet's. */
export const PREVIOUS_OPERATION_WAIT_MS = 60_000;
/** Looked at four times a block, never more often than this. */
const FASTEST_LOOK_MS = 250;
/** A network whose block time was not detected (yet) is looked at once a second. */
const UNKNOWN_BLOCKS_LOOK_MS = 1_000;

const sameAccount = (a: BatchRecord, b: BatchRecord): boolean => a.chainId === b.chainId && a.from.toLowerCase() === b.from.toLowerCase();

/**
 * Sent within the bound: one that has not run so long after (a paymaster's data expired, a bundler refused or holds it)
 * is stuck, and would hold the account's userOps until a Cancel paid in ETH. The next is drafted at its nonce instead,
 * so at most one of the two can run. A record without the time was sent before the wallet noted it.
 */
const recent = (sent: SentUserOperation, now: number): boolean => sent.sentAt !== undefined && now - sent.sentAt < PREVIOUS_OPERATION_WAIT_MS;

/**
 * The account's userOps on the batch's chain that were sent lately and have neither landed nor been dropped, as stored
 * by the wallet: a record planted in storage (a content script can write it) holds nothing up.
 */
async function outstanding(batches: BatchDeps['batches'], batch: BatchRecord): Promise<SentUserOperation[]> {
  const now = Date.now();
  const sent = (await batches.all()).filter((b) => sameAccount(b, batch) && b.userOperation && undecided(b.userOperation) && recent(b.userOperation, now));
  return (await ownRecords(batches, sent)).map((b) => b.userOperation!);
}

/** Those whose EntryPoint nonce is still unused on chain: they can still run, and this one could not go before them. */
async function notRun(node: ChainNode, ops: SentUserOperation[]): Promise<SentUserOperation[]> {
  const head = Number(await node<Hex>('eth_blockNumber'));
  const used = await Promise.all(ops.map((sent) => nonceUsed(node, sent.op, head)));
  return ops.filter((_, at) => !used[at]);
}

const previousNotRun = (from: Hex) =>
  new RpcError(ErrorCode.resourceUnavailable, `The previous operation of ${from} has not run on chain yet (Activity can cancel it); this batch can run only after it: nothing was signed or sent`);

/** Returns once every userOp the wallet sent lately for the batch's account and chain has run; throws past the bound. */
export async function afterPreviousOperations(deps: Pick<BatchDeps, 'batches' | 'nodeFor' | 'detection'>, batch: BatchRecord): Promise<void> {
  let waiting = await outstanding(deps.batches, batch);
  if (waiting.length === 0) return;
  const node = await deps.nodeFor(batch.chainId);
  const blockTimeMs = (await deps.detection.stored(batch.chainId).catch(() => undefined))?.blockTimeMs;
  const pause = blockTimeMs === undefined ? UNKNOWN_BLOCKS_LOOK_MS : quarterBlock(FASTEST_LOOK_MS, blockTimeMs);
  await pollUntil(async () => ((waiting = await notRun(node, waiting)).length === 0 ? true : undefined), {
    everyMs: pause,
    forMs: PREVIOUS_OPERATION_WAIT_MS,
    late: () => previousNotRun(batch.from),
  });
}

/**
 * A batch planned to upgrade the account whose upgrade has run since (the previous userOp carried it): it runs
 * without an authorization of its own, as planned otherwise. Another delegate than the upgrade's keeps it (`account`:
 * a Ledger account's upgrade is to the delegate its app signs for).
 */
export async function withoutUpgradeDone(deps: Pick<BatchDeps, 'batches' | 'nodeFor'>, batch: BatchRecord, account: AccountKind = { ledger: false }): Promise<BatchRecord> {
  if (!batch.upgrade) return batch;
  const code = await (await deps.nodeFor(batch.chainId))<string>('eth_getCode', [batch.from, 'latest']);
  if (walletDelegateOf(code, account) !== UPGRADE_DELEGATE) return batch;
  return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, upgrade: false }));
}
