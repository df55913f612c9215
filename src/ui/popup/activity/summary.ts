/**
 * One line per call, as people say it: in its approval screen's words when a descriptor bound to it ("Permit2: allow
 * spending of a token (Spender …, Amount …)"), else "Send 0.25 ETH to 0x7099…79C8", "Token transfer to …", "Call …".
 */
import { getAddress } from 'ethers';
import type { DecodedCall } from '../../../shared/decodedCall';
import type { ClearSigned } from '../../../shared/erc7730/types';
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
