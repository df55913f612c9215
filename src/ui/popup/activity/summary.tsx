/**
 * One line per call, as people say it: in its approval screen's words when a descriptor bound to it ("Permit2: allow
 * spending of a token (Spender …, Amount …)"), else "Sent 0.25 ETH to 0x7099…79C8", "Token transfer to …", "Call …".
 * Addresses and amounts are elements whose title holds the whole address and the exact amount.
 */
import { getAddress } from 'ethers';
import type { ReactNode } from 'react';
import type { ActivityItem } from '../../../shared/activity';
import type { DecodedCall } from '../../../shared/decodedCall';
import type { ClearSigned } from '../../../shared/erc7730/types';
import { cleanText, originText } from '../../../shared/displayText';
import type { GrantMention } from '../../../shared/grants';
import { grantWords } from '../../../shared/grantWords';
import { AddressText } from '../../components/AddressText';
import { Amount } from '../../components/Amount';
import { shortAddress } from '../../format/amounts';
import { fieldText } from '../../format/clearValues';
import { innerLabelOf, intentOf, labelOf } from '../../format/clearWords';
import { grantPhrases } from '../../format/grantPhrases';
import { Message } from '../../i18n/Message';
import { t, tCount, uiLocale } from '../../i18n/t';

const short = (address: string) => shortAddress(getAddress(address));
const address = (value: string) => <AddressText address={value} />;

/** A row's value beyond this is cut: a call's bytes do not fit a line. */
const LONGEST_VALUE = 42;
const cut = (text: string) => (text.length > LONGEST_VALUE ? `${text.slice(0, 22)}…` : text);

function clearLine(clear: ClearSigned): string {
  const rows = clear.fields.map((f) => [labelOf(f), cut(fieldText(f)), f.address && short(f.address)].filter(Boolean).join(' '));
  return rows.length > 0 ? `${intentOf(clear)} (${rows.join(', ')})` : intentOf(clear);
}

export function callSummary(call: DecodedCall, symbol: string): ReactNode {
  if (call.review) return [clearLine(call.review.clear), ...(call.review.inner ?? []).map((inner) => `${innerLabelOf(inner)}: ${clearLine(inner.clear)}`)].join('; ');
  if (!call.to) return t('activity_contractCreation');
  const action = call.action;
  if (action?.kind === 'transfer') return <Message id={action.standard === 'erc20' ? 'activity_tokenTransfer' : 'activity_nftTransfer'} values={{ to: address(action.to), token: address(action.token) }} />;
  if (action?.kind === 'approve') return <Message id="activity_tokenApproval" values={{ spender: address(action.spender), token: address(action.token) }} />;
  if (action?.kind === 'approveAll') return <Message id={action.approved ? 'activity_collectionApproval' : 'activity_collectionApprovalRevoked'} values={{ operator: address(action.operator), token: address(action.token) }} />;
  const value = BigInt(call.value);
  const amount = <Amount units={value} symbol={symbol} />;
  if (call.dataSize === 0) return <Message id="common_sentTo" values={{ amount, to: address(call.to) }} />;
  return value > 0n ? <Message id="activity_callWith" values={{ to: address(call.to), amount }} /> : <Message id="activity_call" values={{ to: address(call.to) }} />;
}

/** "Approved batch: 2 calls on app.uniswap.org": a batch of several calls, said once above them. */
export const batchLine = (calls: number, site: string): string =>
  t('activity_batchApproved', { calls: tCount({ one: 'common_calls_one', other: 'common_calls_other' }, calls), site });

/** "up to 10 USDC per day": the grant screen's words, inside a sentence. Only the amount's words: `now` plays no part. */
function grantAmount({ permission, rules, token }: GrantMention): string {
  const { amount } = grantWords(permission, rules, { ...token, symbol: cleanText(token.symbol) }, 0, { phrases: grantPhrases() });
  return `${amount[0].toLocaleLowerCase(uiLocale())}${amount.slice(1)}`;
}

/** "Permission granted to 0x7099…79C8: up to 10 USDC per day on https://app.example". */
export const grantedLine = (grant: GrantMention): ReactNode =>
  <Message id="activity_granted" values={{ to: address(grant.to), amount: grantAmount(grant), site: originText(grant.origin) }} />;

/** What became of a revoke: its batch's status, never the request as it was asked. */
export type RevokeOutcome = 'pending' | 'revoked' | 'failed';

/** A Cancel at the batch's nonce made it on chain: the batch's own transaction never will. */
export const isCancelled = (item: Pick<ActivityItem, 'transactions'>): boolean =>
  item.transactions.some((tx) => tx.cancel && (tx.status === 'pre-confirmed' || tx.status === 'confirmed'));

/** Pending: revoking; confirmed: revoked; anything else (not sent, reverted, cancelled): failed. */
export function revokeOutcome(item: Pick<ActivityItem, 'status' | 'transactions'>): RevokeOutcome {
  if (isCancelled(item)) return 'failed';
  return item.status === 100 ? 'pending' : item.status === 200 ? 'revoked' : 'failed';
}

const REVOKE_LINES = { pending: 'activity_revoking', revoked: 'activity_revoked', failed: 'activity_revokeFailed' } as const;

/** "Permission revoked: up to 10 USDC per day to 0x7099…79C8 on https://app.example"; "Revoking permission: …", "Revoke failed: …". */
export const revokedLine = (grant: GrantMention, outcome: RevokeOutcome): ReactNode =>
  <Message id={REVOKE_LINES[outcome]} values={{ amount: grantAmount(grant), to: address(grant.to), site: originText(grant.origin) }} />;
