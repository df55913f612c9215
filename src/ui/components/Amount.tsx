/** An amount as people read it (6 significant digits); the exact value on hover and to assistive technology. */
import { exactText, readableAmount } from '../format/amounts';

export function Amount({ units, decimals = 18, symbol, signed }: { units: string | bigint; decimals?: number; symbol: string; signed?: boolean }) {
  const value = BigInt(units);
  const sign = signed && value > 0n ? '+' : '';
  const exact = `${sign}${exactText(value, decimals)} ${symbol}`;
  return <span title={exact} className="amount">{sign}{readableAmount(value, decimals)} {symbol}</span>;
}
