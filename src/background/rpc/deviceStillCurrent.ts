/**
 * Whether what the device signed can still be sent as built (devicePayloads.ts `stillCurrent`): a transaction whose
 * nonce the account used since would replace (or fail against) that other transaction; a userOp whose EntryPoint
 * nonce, or whose authorization's account nonce, was used would be refused (deviceUserOperation.ts).
 */
import type { DevicePayload } from '../../shared/deviceSigning';
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import type { Using } from '../services';
import { assertOperationCurrent } from './deviceUserOperation';

export async function assertStillCurrent(services: Using<'batches' | 'nodeFor' | 'transactionCode'>, record: ApprovalRecord, payload: DevicePayload, account: Hex): Promise<void> {
  if (payload.kind === 'userOperation') return assertOperationCurrent(services, payload);
  // A batch's transaction too (an upgrade's authorization takes the nonce after it), a revocation's: the account's nonce
  // moves with any delegation it made since. A replacement takes its original's nonce (replace.ts checks it).
  if (!('unsigned' in payload) || (record.type !== 'sendTransaction' && record.type !== 'sendCalls' && record.type !== 'revokeDelegation' && record.type !== 'revertForeignDelegation')) return;
  // A copy naming a nonce the site chose, the wallet's put back before the sending, would skip the check.
  const batch = await services.batches.get(record.origin, record.details.batchId);
  // A nonce the site gave (a replacement it asked for) is checked at approval instead (transactions.ts).
  if (!batch || batch.nonce !== undefined) return;
  const { nonce } = await services.transactionCode.decodeTransaction(payload.kind === 'transactions' ? payload.unsigned[0] : payload.unsigned);
  // The signing account's: a revert's batch names the first payer offered until it is approved.
  const next = Number(await (await services.nodeFor(batch.chainId))<Hex>('eth_getTransactionCount', [account, 'pending']));
  if (next > nonce) throw invalidParams(`${account} sent another transaction with nonce ${nonce} since this one was built (its next is ${next}): nothing was sent, so it cannot replace that one; reject this request and send it again`);
}
