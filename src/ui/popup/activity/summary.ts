/** One line per call, as people say it: "Send 0.25 ETH to 0x7099…79C8", "Token transfer to …", "Call …". */
import { getAddress } from 'ethers';
import type { DecodedCall } from '../../../shared/decodedCall';
import { readableAmount, shortAddress } from '../../format/amounts';

const short = (address: string) => shortAddress(getAddress(address));

export function callSummary(call: DecodedCall, symbol: string): string {
  if (!call.to) return 'Contract creation';
  const action = call.action;
  if (action?.kind === 'transfer') return `${action.standard === 'erc20' ? 'Token' : 'NFT'} transfer to ${short(action.to)} (token ${short(action.token)})`;
  if (action?.kind === 'approve') return `Token approval for ${short(action.spender)} (token ${short(action.token)})`;
  if (action?.kind === 'approveAll') return `${action.approved ? 'Collection approval for' : 'Collection approval revoked for'} ${short(action.operator)} (token ${short(action.token)})`;
  const value = BigInt(call.value);
  if (call.dataSize === 0) return `Send ${readableAmount(value)} ${symbol} to ${short(call.to)}`;
  return `Call ${short(call.to)}${value > 0n ? ` with ${readableAmount(value)} ${symbol}` : ''}`;
}
