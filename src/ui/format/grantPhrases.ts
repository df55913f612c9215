/**
 * The words of an execution permission (src/shared/grantWords.ts) in the browser's language: the phrases from the
 * catalogues (grants.json), amounts exactly with the language's separators, moments as the language writes them.
 */
import { ENGLISH_PHRASES, type GrantPhrases, type NamedPeriod, type PeriodUnit, type TokenFacts } from '../../shared/grantWords';
import type { MessageKey } from '../i18n/keys';
import { t, tCount, uiLocale } from '../i18n/t';
import { exactAmount } from './amounts';
import { writtenDecimal } from './numbers';

const NAMED: Record<NamedPeriod, MessageKey> = { hour: 'grants_hour', day: 'grants_day', week: 'grants_week' };
const COUNTED: Record<PeriodUnit, { one: MessageKey; other: MessageKey }> = {
  second: { one: 'grants_seconds_one', other: 'grants_seconds_other' },
  minute: { one: 'grants_minutes_one', other: 'grants_minutes_other' },
  hour: { one: 'grants_hours_one', other: 'grants_hours_other' },
  day: { one: 'grants_days_one', other: 'grants_days_other' },
};

/** Every digit with the language's marks, however many decimals the token has: English's "1,250" is 1.25 in Portuguese. */
const amount = (units: bigint | string, token: TokenFacts): string => `${writtenDecimal(exactAmount(units, token.decimals))} ${token.symbol}`;

/**
 * English keeps the form the e2e suite and the issue read, "Fri 4 Dec 2026, 18:00", whatever its country; another
 * language has Intl's, with the same weekday, date and 24-hour time.
 */
function time(seconds: number, timeZone?: string): string {
  const locale = uiLocale();
  if (locale.split('-')[0] === 'en') return ENGLISH_PHRASES.time(seconds, timeZone);
  return new Intl.DateTimeFormat(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(seconds * 1000);
}

export const grantPhrases = (): GrantPhrases => ({
  named: (unit) => t(NAMED[unit]),
  counted: (count, unit) => tCount(COUNTED[unit], count),
  periodic: (amount, period, named) => t(named ? 'grants_upToPer' : 'grants_upToEvery', { amount, period }),
  allowance: (amount) => t('grants_upToInAll', { amount }),
  stream: ({ initial, rate, perDay, max }) => {
    const stream = t('grants_stream', { rate, perDay });
    const started = initial ? t('grants_streamAtOnce', { initial, stream }) : stream;
    return max ? t('grants_streamCapped', { stream: started, max }) : t('grants_streamUncapped', { stream: started });
  },
  from: (time) => t('grants_from', { time }),
  until: (time) => t('grants_until', { time }),
  noEnd: t('grants_noEnd'),
  amount,
  time,
});
