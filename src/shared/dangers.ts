/**
 * What a signature request could cost the user, named before Sign (background/clearSigning/ finds them). `confirm`:
 * the riskiest ask for a second, explicit yes, as a reverting batch does.
 */
export type DangerKind =
  | 'unlimited'
  | 'overBalance'
  | 'spenderNotContract'
  | 'spenderNew'
  | 'farDeadline'
  | 'noDeadline'
  | 'orderForNothing'
  | 'orderPaysOthers'
  | 'orderPrice'
  | 'cancelsAllOrders'
  | 'itemsToOther'
  | 'verifyingNotToken'
  | 'tokenImitates'
  | 'verifyingNoCode'
  | 'notDescribed'
  | 'callsTooDeep'
  | 'callsTooMany'
  | 'bytesAfterArguments'
  | 'notAsDescribed'
  | 'valueStranded'
  | 'hexMessage'
  | 'hashMessage'
  | 'transactionMessage'
  | 'nativeStream'
  | 'replacesDelegate'
  | 'planUnread'
  | 'planRefused'
  | 'planEmpty';

export interface Danger {
  kind: DangerKind;
  /** info: a fact worth reading (an order's price); warn: unusual; danger: could lose funds. */
  tone: 'info' | 'warn' | 'danger';
  message: string;
  confirm?: true;
}
