/**
 * Whether a stored batch has, beyond what the batch store already checks of every record (../batches/recordShape.ts),
 * the fields ./batchSteps.ts reads of its transactions and userOp, of the types it reads them as: a record without them
 * is left out rather than read, so one planted record (storage.local is a content script's to write, on Firefox)
 * neither throws nor hides the others.
 */
import { isObject } from '../../shared/isObject';
import { hasRecordShape, isHex, isQuantity } from '../batches/recordShape';
import type { BatchRecord } from '../batches/types';

const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isIndex = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
const optional = (value: unknown, is: (value: unknown) => boolean): boolean => value === undefined || is(value);

const isReceipt = (value: unknown): boolean => isObject(value) && isQuantity(value.status) && isQuantity(value.blockNumber);
const isSubmission = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && isBoolean(value.sent) && optional(value.receipt, isReceipt) && optional(value.dropped, isBoolean);
const isTransaction = (value: unknown): boolean =>
  isSubmission(value) && isIndex(value.nonce) && (value.calls as unknown[]).every(isIndex) &&
  optional(value.replaces, isHex) && optional(value.replacedBy, isHex) && optional(value.cancel, isBoolean);

export const hasBatchShape = (value: unknown): value is BatchRecord =>
  hasRecordShape(value) && value.transactions.every(isTransaction) && optional(value.userOperation, isSubmission);
