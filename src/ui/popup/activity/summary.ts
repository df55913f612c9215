/**
 * One line per call, as people say it: in its approval screen's words when a descriptor bound to it ("Permit2: allow
 * spending of a token (Spender …, Amount …)"), else "Send 0.25 ETH to 0x7099…79C8", "Token transfer to …", "Call …".
 */
import { getAddress } from 'ethers';
import type { DecodedCall } from '../../../shared/decodedCall';
import type { ClearSigned } from '../../../shared/erc7730/types';
import { cleanText } from '../../../shared/displayText';
import type { GrantMention } from '../../../shared/grants';
import { grantWords } from '../../../shared/grantWords';
import { readableAmount, shortAddress } from '../../format/amounts';

const short = (address: string) => shortAddress(getAddress(address));

/** A row's value beyond this is cut: a call's bytes do not fit a line. */
const LONGEST_VALUE = 42;
const cut = (text: string) => (text.length > LONGEST_VALUE ? `${text.slice(0, 22)}…` : text);

function clearLine({ intent, fields }: ClearSigned): string {
  const rows = fields.map((f) => [f.label, cut(f.text), f.address && short(f.address)].filter(Boolean).join(' '));
  return rows.length > 0 ? `${intent} (${rows.join(', ')})` : intent;
}

export function callSummary(call: DecodedCall, symbol: string): string {
  if (call.review) return [clearLine(call.review.clear), ...(call.review.inner ?? []).map((inner) => `${inner.label}: ${clearLine(inner.clear)}`)].join('; ');
  if (!call.to) return 'Contract creation';
  const action = call.action;
  if (action?.kind === 'transfer') return `${action.standard === 'erc20' ? 'Token' : 'NFT'} transfer to ${short(action.to)} (token ${short(action.token)})`;
  if (action?.kind === 'approve') return `Token approval for ${short(action.spender)} (token ${short(action.token)})`;
  if (action?.kind === 'approveAll') return `${action.approved ? 'Collection approval for' : 'Collection approval revoked for'} ${short(action.operator)} (token ${short(action.token)})`;
  const value = BigInt(call.value);
  if (call.dataSize === 0) return `Send ${readableAmount(value)} ${symbol} to ${short(call.to)}`;
  return `Call ${short(call.to)}${value > 0n ? ` with ${readableAmount(value)} ${symbol}` : ''}`;
}

/** "up to 10 USDC per day": the grant screen's words, inside a sentence. Only the amount's words: `now` plays no part. */
function grantAmount({ permission, rules, token }: GrantMention): string {
  const { amount } = grantWords(permission, rules, { ...token, symbol: cleanText(token.symbol) }, 0);
  return `${amount[0].toLowerCase()}${amount.slice(1)}`;
}

/** "Permission granted to 0x7099…79C8: up to 10 USDC per day on https://app.example". */
export const grantedLine = (grant: GrantMention): string =>
  `Permission granted to ${short(grant.to)}: ${grantAmount(grant)} on ${cleanText(grant.origin)}`;

/** "Permission revoked: up to 10 USDC per day to 0x7099…79C8 on https://app.example". */
export const revokedLine = (grant: GrantMention): string =>
  `Permission revoked: ${grantAmount(grant)} to ${short(grant.to)} on ${cleanText(grant.origin)}`;
