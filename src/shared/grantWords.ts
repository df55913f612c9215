/**
 * An execution permission (ERC-7715) in words, as the grant screen and Permissions show it: "Up to 10 USDC per day",
 * "from Mon 7 Dec 2026, 09:00", "until Fri 4 Dec 2026, 18:00". Amounts in the token's own units and symbol, times in
 * the user's time zone.
 */
import type { Permission, Rule } from './schemas/executionPermissions';
import { formatUnits } from './units';

export interface TokenFacts {
  symbol: string;
  decimals: number;
}

export interface GrantWords {
  /** What the session account may move: "Up to 10 USDC per day". */
  amount: string;
  /** "from …" when the first amount is spendable later than now; absent when it is already. */
  start?: string;
  /** "until …", or "with no end date". */
  end: string;
}

const UNLIMITED = 2n ** 256n - 1n;
const NAMED_PERIODS: Record<number, string> = { 3600: 'hour', 86_400: 'day', 604_800: 'week' };

/** The amount a user may lower on a grant's screen: a period's amount, the allowance, or a stream's cap. */
export const amountField = (permission: Permission): 'periodAmount' | 'allowanceAmount' | 'maxAmount' =>
  'periodAmount' in permission.data ? 'periodAmount' : 'allowanceAmount' in permission.data ? 'allowanceAmount' : 'maxAmount';

/** The value of that amount, in the token's units. */
export const adjustableAmount = (permission: Permission): bigint => {
  const { data } = permission;
  return BigInt('periodAmount' in data ? data.periodAmount : 'allowanceAmount' in data ? data.allowanceAmount : data.maxAmount);
};

/** "day", "3 days", "90 minutes": a period in the largest unit that divides it. */
export function periodWords(seconds: number): string {
  if (NAMED_PERIODS[seconds]) return NAMED_PERIODS[seconds];
  const [size, unit] = seconds % 86_400 === 0 ? [seconds / 86_400, 'day'] : seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return `${size} ${unit}${size === 1 ? '' : 's'}`;
}

/** An amount as the token counts it, exactly, with thousands separators: "1,250.5 USDC". */
export function tokenAmount(units: bigint | string, { symbol, decimals }: TokenFacts): string {
  const [whole, fraction] = formatUnits(BigInt(units), decimals).split('.');
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction === '0' ? '' : `.${fraction}`} ${symbol}`;
}

/** "Fri 4 Dec 2026, 18:00" in `timeZone` (the user's when absent). */
export function timeWords(seconds: number, timeZone?: string): string {
  const format = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone });
  const part = Object.fromEntries(format.formatToParts(new Date(seconds * 1000)).map((p) => [p.type, p.value]));
  return `${part.weekday} ${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute}`;
}

function amountWords(permission: Permission, token: TokenFacts): string {
  const amount = (units: string | bigint) => tokenAmount(units, token);
  switch (permission.type) {
    case 'native-token-periodic':
    case 'erc20-token-periodic': {
      const { periodAmount, periodDuration } = permission.data;
      const period = periodWords(periodDuration);
      return `Up to ${amount(periodAmount)} ${/^\d/.test(period) ? 'every' : 'per'} ${period}`;
    }
    case 'native-token-allowance':
    case 'erc20-token-allowance':
      return `Up to ${amount(permission.data.allowanceAmount)} in all`;
    case 'native-token-stream':
    case 'erc20-token-stream': {
      const { initialAmount, maxAmount, amountPerSecond } = permission.data;
      const perDay = BigInt(amountPerSecond) * 86_400n;
      const start = BigInt(initialAmount) > 0n ? `${amount(initialAmount)} at once, then ` : '';
      const cap = BigInt(maxAmount) === UNLIMITED ? ', with no cap' : `, at most ${amount(maxAmount)} in all`;
      return `${start}${amount(amountPerSecond)} more every second (${amount(perDay)} a day)${cap}`;
    }
  }
}

/** `now`: seconds since the epoch. */
export function grantWords(permission: Permission, rules: Rule[], token: TokenFacts, now: number, timeZone?: string): GrantWords {
  const [expiry] = rules.flatMap((rule) => (rule.type === 'expiry' ? [rule.data.timestamp] : []));
  const { startTime } = permission.data;
  return {
    amount: amountWords(permission, token),
    ...(startTime > now ? { start: `from ${timeWords(startTime, timeZone)}` } : {}),
    end: expiry === undefined ? 'with no end date' : `until ${timeWords(expiry, timeZone)}`,
  };
}
