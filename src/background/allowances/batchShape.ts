/**
 * Whether a stored batch has the fields ./recorded.ts and ./batchSteps.ts read of it, of the types they read them as.
 * Batches are kept in storage.local, which a content script can write (Firefox): a record without the shape is left
 * out rather than read, so one planted record neither throws nor hides the others (executionPermissions/grantShape.ts
 * does the same for grants; ./signedGrants.ts for signed permits).
 */
import { isObject } from '../../shared/isObject';
import type { BatchRecord } from '../batches/types';

const isHex = (value: unknown): boolean => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value);
/** What BigInt reads: at least one digit. */
const isQuantity = (value: unknown): boolean => typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value);
const isAddress = (value: unknown): boolean => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
const isBoolean = (value: unknown): boolean => typeof value === 'boolean';
const isIndex = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;
const optional = (value: unknown, is: (value: unknown) => boolean): boolean => value === undefined || is(value);

const isReceipt = (value: unknown): boolean => isObject(value) && isQuantity(value.status) && isQuantity(value.blockNumber);
const isSubmission = (value: unknown): value is Record<string, unknown> =>
  isObject(value) && isBoolean(value.sent) && optional(value.receipt, isReceipt) && optional(value.dropped, isBoolean);
const isTransaction = (value: unknown): boolean =>
  isSubmission(value) && isHex(value.hash) && isIndex(value.nonce) && Array.isArray(value.calls) && value.calls.every(isIndex) &&
  optional(value.replaces, isHex) && optional(value.replacedBy, isHex) && optional(value.cancel, isBoolean);
const isCall = (value: unknown): boolean => isObject(value) && optional(value.to, isAddress) && isHex(value.data) && isQuantity(value.value);

export const hasBatchShape = (value: unknown): value is BatchRecord =>
  isObject(value) && typeof value.id === 'string' && typeof value.origin === 'string' && typeof value.state === 'string' &&
  isQuantity(value.chainId) && isAddress(value.from) &&
  Array.isArray(value.calls) && value.calls.every(isCall) && Array.isArray(value.transactions) && value.transactions.every(isTransaction) &&
  optional(value.userOperation, isSubmission);
