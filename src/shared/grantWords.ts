/**
 * An execution permission (ERC-7715) in words, as the grant screen and Permissions show it: "Up to 10 USDC per day",
 * "from Mon 7 Dec 2026, 09:00", "until Fri 4 Dec 2026, 18:00". Amounts in the token's own units and symbol, times in
 * the user's time zone. The phrases are English unless the caller hands others (the screens: the browser's language).
 */
import type { Permission, Rule } from './schemas/executionPermissions';
import { formatUnits, isUnlimited } from './units';

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

export type NamedPeriod = 'hour' | 'day' | 'week';
export type PeriodUnit = 'second' | 'minute' | 'hour' | 'day';

/** The phrases the words are made of, each in one language. */
export interface GrantPhrases {
  /** A period of one named unit: "day". */
  named(unit: NamedPeriod): string;
  /** A count of a unit: "3 days", "1 minute". */
  counted(count: number, unit: PeriodUnit): string;
  /** "Up to 10 USDC per day" (a named period), "Up to 1 ETH every 3 days" (a counted one). */
  periodic(amount: string, period: string, named: boolean): string;
  /** "Up to 50 USDC in all". */
  allowance(amount: string): string;
  /** "1 USDC at once, then 0.000001 USDC more every second (0.0864 USDC a day), at most 1,000 USDC in all"; no cap when absent. */
  stream(amounts: { initial?: string; rate: string; perDay: string; max?: string }): string;
  from(time: string): string;
  until(time: string): string;
  noEnd: string;
  /** An amount exactly, with the token's symbol. */
  amount(units: bigint | string, token: TokenFacts): string;
  /** A moment in `timeZone` (the user's when absent). */
  time(seconds: number, timeZone?: string): string;
}

const NAMED_PERIODS: Record<number, NamedPeriod> = { 3600: 'hour', 86_400: 'day', 604_800: 'week' };

/** The amount a user may lower on a grant's screen: a period's amount, the allowance, or a stream's cap. */
export const amountField = (permission: Permission): 'periodAmount' | 'allowanceAmount' | 'maxAmount' =>
  'periodAmount' in permission.data ? 'periodAmount' : 'allowanceAmount' in permission.data ? 'allowanceAmount' : 'maxAmount';

/** The value of that amount, in the token's units. */
export const adjustableAmount = (permission: Permission): bigint => {
  const { data } = permission;
  return BigInt('periodAmount' in data ? data.periodAmount : 'allowanceAmount' in data ? data.allowanceAmount : data.maxAmount);
};

/** "day", "3 days", "90 minutes": a period in the largest unit that divides it. */
export function periodWords(seconds: number, phrases: GrantPhrases = ENGLISH_PHRASES): string {
  if (NAMED_PERIODS[seconds]) return phrases.named(NAMED_PERIODS[seconds]);
  const [size, unit]: [number, PeriodUnit] = seconds % 86_400 === 0 ? [seconds / 86_400, 'day'] : seconds % 3600 === 0 ? [seconds / 3600, 'hour'] : seconds % 60 === 0 ? [seconds / 60, 'minute'] : [seconds, 'second'];
  return phrases.counted(size, unit);
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

export const ENGLISH_PHRASES: GrantPhrases = {
  named: (unit) => unit,
  counted: (count, unit) => `${count} ${unit}${count === 1 ? '' : 's'}`,
  periodic: (amount, period, named) => `Up to ${amount} ${named ? 'per' : 'every'} ${period}`,
  allowance: (amount) => `Up to ${amount} in all`,
  stream: ({ initial, rate, perDay, max }) =>
    `${initial ? `${initial} at once, then ` : ''}${rate} more every second (${perDay} a day)${max ? `, at most ${max} in all` : ', with no cap'}`,
  from: (time) => `from ${time}`,
  until: (time) => `until ${time}`,
  noEnd: 'with no end date',
  amount: tokenAmount,
  time: timeWords,
};

function amountWords(permission: Permission, token: TokenFacts, phrases: GrantPhrases): string {
  const amount = (units: string | bigint) => phrases.amount(units, token);
  switch (permission.type) {
    case 'native-token-periodic':
    case 'erc20-token-periodic': {
      const { periodAmount, periodDuration } = permission.data;
      return phrases.periodic(amount(periodAmount), periodWords(periodDuration, phrases), periodDuration in NAMED_PERIODS);
    }
    case 'native-token-allowance':
    case 'erc20-token-allowance':
      return phrases.allowance(amount(permission.data.allowanceAmount));
    case 'native-token-stream':
    case 'erc20-token-stream': {
      const { initialAmount, maxAmount, amountPerSecond } = permission.data;
      return phrases.stream({
        ...(BigInt(initialAmount) > 0n ? { initial: amount(initialAmount) } : {}),
        rate: amount(amountPerSecond),
        perDay: amount(BigInt(amountPerSecond) * 86_400n),
        ...(isUnlimited(BigInt(maxAmount)) ? {} : { max: amount(maxAmount) }),
      });
    }
  }
}

/** `now`: seconds since the epoch; `timeZone`: the user's when absent. */
export function grantWords(permission: Permission, rules: Rule[], token: TokenFacts, now: number, { phrases = ENGLISH_PHRASES, timeZone }: { phrases?: GrantPhrases; timeZone?: string } = {}): GrantWords {
  const [expiry] = rules.flatMap((rule) => (rule.type === 'expiry' ? [rule.data.timestamp] : []));
  const { startTime } = permission.data;
  return {
    amount: amountWords(permission, token, phrases),
    ...(startTime > now ? { start: phrases.from(phrases.time(startTime, timeZone)) } : {}),
    end: expiry === undefined ? phrases.noEnd : phrases.until(phrases.time(expiry, timeZone)),
  };
}
