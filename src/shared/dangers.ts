/**
 * What a signature request could cost the user, named before Sign (background/clearSigning/ finds them). `confirm`:
 * the riskiest ask for a second, explicit yes, as a reverting batch does.
 */
import type { Words } from './words';

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
  | 'shortPeriod'
  | 'decimalsDisagree'
  | 'replacesDelegate'
  | 'planUnread'
  | 'planRefused'
  | 'planEmpty'
  | 'paymasterSpends';

/**
 * The catalogue's key of a danger's sentence (src/ui/i18n/<locale>/dangers.json; the approval window checks each is
 * one of its keys): the worker names it, the window says it in the browser's language.
 */
export type DangerKey =
  | 'dangers_unlimited'
  | 'dangers_overBalance'
  | 'dangers_verifyingNotToken'
  | 'dangers_tokenImitates'
  | 'dangers_spenderNoCode'
  | 'dangers_spenderDelegated'
  | 'dangers_spenderNew'
  | 'dangers_noDeadline'
  | 'dangers_farDeadline'
  | 'dangers_notAsDescribed'
  | 'dangers_verifyingNoCode'
  | 'dangers_notDescribed'
  | 'dangers_transactionMessage'
  | 'dangers_transactionMessageCreate'
  | 'dangers_hashMessage'
  | 'dangers_hexMessage'
  | 'dangers_orderForNothing'
  | 'dangers_orderPaysOthers'
  | 'dangers_orderPrice'
  | 'dangers_orderForAlmostNothing'
  | 'dangers_cancelsAllOrders'
  | 'dangers_itemsToOther'
  | 'dangers_grantImitates'
  | 'dangers_grantNoEnd'
  | 'dangers_grantFarEnd'
  | 'dangers_grantNativeStream'
  | 'dangers_grantStreamNoCap'
  | 'dangers_grantNoLimit'
  | 'dangers_grantShortPeriod'
  | 'dangers_grantDecimals'
  | 'dangers_grantOverBalance'
  | 'dangers_grantStreamOverBalance'
  | 'dangers_planUnread'
  | 'dangers_planUnreadRouter'
  | 'dangers_planRefused'
  | 'dangers_planEmpty'
  | 'dangers_valueStranded'
  | 'dangers_callsTooDeep'
  | 'dangers_callsTooMany'
  | 'dangers_bytesAfterArguments'
  | 'dangers_paymasterSpends'
  | 'dangers_replacesDelegate'
  | 'dangers_notReviewed';

export interface Danger {
  kind: DangerKind;
  /** info: a fact worth reading (an order's price); warn: unusual; danger: could lose funds. */
  tone: 'info' | 'warn' | 'danger';
  /** In English: the worker's own uses, and what the window shows when there are no `words`. */
  message: string;
  /** `message` as a catalogue key and the values it fills in (addresses, amounts as written, symbols, labels). */
  words?: Words<DangerKey>;
  confirm?: true;
}
