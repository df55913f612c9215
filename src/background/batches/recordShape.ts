/**
 * Whether a stored batch has the fields every reader of the store takes for granted (its account and chain, its calls'
 * data as whole bytes and value, its transactions' hashes and calls, its userOp's op, and what Activity hands the popup
 * as it is: the time a date, the error text, the authority an address). Batches are kept in storage.local, which a
 * content script can write (Firefox): the store (./store.ts) lists and gets only records with this shape, so one
 * planted without it throws in no reader (the popup's state and its Activity rows, the follower, the Approvals tab,
 * the address history every send's review reads) and hides none of the others. What a reader reads beyond it, it
 * checks itself (allowances/batchShape.ts; a receipt is the node's, kept as it came).
 */
import { isObject } from '../../shared/isObject';
import type { BatchRecord } from './types';

export const isHex = (value: unknown): boolean => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value);
/** What BigInt reads: at least one digit. */
export const isQuantity = (value: unknown): boolean => typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value);
export const isAddress = (value: unknown): boolean => typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value);
/** Whole bytes: what ethers' dataLength (calls/describe.ts) reads without throwing, and all the wallet writes. */
const isBytes = (value: unknown): boolean => isHex(value) && (value as string).length % 2 === 0;
const isCall = (value: unknown): boolean => isObject(value) && (value.to === undefined || isAddress(value.to)) && isBytes(value.data) && isQuantity(value.value);
const isTransaction = (value: unknown): boolean => isObject(value) && isHex(value.hash) && Array.isArray(value.calls);
/** A time a Date can hold: the popup's row writes it with toISOString, which throws past that. */
const isTime = (value: unknown): boolean => typeof value === 'number' && !Number.isNaN(new Date(value).getTime());
/** A userOp as the wallet stores it once signed: Activity reads its op's paymaster. */
const isUserOperation = (value: unknown): boolean => isObject(value) && isObject(value.op) && isHex(value.hash);

export const hasRecordShape = (value: unknown): value is BatchRecord =>
  isObject(value) && typeof value.id === 'string' && typeof value.origin === 'string' && typeof value.state === 'string' &&
  isTime(value.createdAt) && isQuantity(value.chainId) && isAddress(value.from) &&
  Array.isArray(value.calls) && value.calls.every(isCall) && Array.isArray(value.transactions) && value.transactions.every(isTransaction) &&
  (value.userOperation === undefined || isUserOperation(value.userOperation)) && (value.error === undefined || typeof value.error === 'string') &&
  (value.authority === undefined || isAddress(value.authority));
