/**
 * Cancel of a sponsored batch still pending. Its signed userOp can run for as long as the account's EntryPoint nonce
 * for it is unused, whoever holds it (a bundler that said it lost it may submit it later), so the wallet never calls it
 * failed before that nonce is used (executors/sponsored.ts). Cancel uses it: the account itself calls the EntryPoint's
 * `incrementNonce(key)` in an ordinary transaction, reviewed as any transaction and paid by the account. Once that
 * lands the userOp can never run, and the batch is dropped (400) DROP_AFTER_BLOCKS later; should the userOp land
 * first, it ran, and the transaction only moves the nonce on.
 */
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { abiInterface } from '../abi/abiInterface';
import { undecided } from './status';
import type { BatchRecord } from './types';

const NONCE_MANAGER = abiInterface(['function incrementNonce(uint192 key)']);

/** The transaction (eth_sendTransaction's params) that uses the pending userOp's nonce; -32602 when none is pending. */
export async function userOperationCancel(batch: BatchRecord): Promise<{ from: Hex; to: Hex; value: Hex; data: Hex }> {
  const sent = batch.userOperation;
  if (!sent || !undecided(sent)) throw invalidParams(`Batch ${batch.id} of ${batch.origin} has no user operation still pending: only a pending one can be cancelled`);
  const data = (await NONCE_MANAGER()).encodeFunctionData('incrementNonce', [BigInt(sent.op.nonce) >> 64n]) as Hex;
  return { from: batch.from, to: ENTRY_POINT_V08, value: '0x0', data };
}
