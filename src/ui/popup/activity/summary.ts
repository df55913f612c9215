/** One line per call, as people say it: "Send 0.25 ETH to 0x7099…79C8", "Token transfer to …", "Call …". */
import { getAddress } from 'ethers';
import type { DecodedCall } from '../../../shared/approvals';
import { readableAmount, shortAddress } from '../../format/amounts';

const short = (address: string) => shortAddress(getAddress(address));

export function callSummary(call: DecodedCall, symbol: string): string {
  if (!call.to) return 'Contract creation';
  if (call.erc20) {
    const verb = call.erc20.method === 'transfer' ? 'Token transfer to' : 'Token approval for';
    return `${verb} ${short(call.erc20.counterparty)} (token ${short(call.to)})`;
  }
  const value = BigInt(call.value);
  if (call.dataSize === 0) return `Send ${readableAmount(value)} ${symbol} to ${short(call.to)}`;
  return `Call ${short(call.to)}${value > 0n ? ` with ${readableAmount(value)} ${symbol}` : ''}`;
}
