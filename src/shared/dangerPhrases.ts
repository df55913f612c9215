/**
 * English the worker makes inside a danger's values (why a Uniswap step is not read, a count, a step's place in a
 * plan) and in the labels of the calls inside a call, each with its words: the window says them in the browser's
 * language (src/ui/i18n/<locale>/dangers.json).
 */
import { englishCount, type Counted, type Words } from './words';

/** The catalogue's keys of those phrases (the approval window checks each is one of its keys). */
export type DangerPhraseKey =
  | 'dangers_countByte'
  | 'dangers_countBytes'
  | 'dangers_countAction'
  | 'dangers_countActions'
  | 'dangers_countInput'
  | 'dangers_countInputs'
  | 'dangers_countCommand'
  | 'dangers_countCommands'
  | 'dangers_years_one'
  | 'dangers_years_other'
  | 'dangers_seconds_one'
  | 'dangers_seconds_other'
  | 'dangers_minutes_one'
  | 'dangers_minutes_other'
  | 'dangers_units'
  | 'dangers_planMismatch'
  | 'dangers_stepCommand'
  | 'dangers_stepAction'
  | 'dangers_stepActions'
  | 'dangers_stepWithin'
  | 'dangers_stepMayFail'
  | 'dangers_stepUnread'
  | 'dangers_stepUnreadByte'
  | 'dangers_stepNotRead'
  | 'dangers_unreadUnknown'
  | 'dangers_unreadNoWords'
  | 'dangers_unreadBadInput'
  | 'dangers_unreadExtraBytes'
  | 'dangers_unreadBadPath'
  | 'dangers_unreadActionsMismatch'
  | 'dangers_unreadBadActions'
  | 'dangers_unreadPastBudget';

/** A phrase in English (the worker's own `message`) and in words (the screen's). */
export interface Phrase {
  text: string;
  words: Words<DangerPhraseKey>;
}

export const phrase = (text: string, key: DangerPhraseKey, values?: Words['values']): Phrase => ({ text, words: values ? { key, values } : { key } });

const NOUNS = {
  byte: ['dangers_countByte', 'dangers_countBytes'],
  action: ['dangers_countAction', 'dangers_countActions'],
  input: ['dangers_countInput', 'dangers_countInputs'],
  command: ['dangers_countCommand', 'dangers_countCommands'],
  year: ['dangers_years_one', 'dangers_years_other'],
  second: ['dangers_seconds_one', 'dangers_seconds_other'],
  minute: ['dangers_minutes_one', 'dangers_minutes_other'],
} as const;

/** "1 byte", "3 bytes": the worker's English picks English's form; the words carry both, and the screen picks by its language's rules. */
export function counted(count: number | bigint, noun: keyof typeof NOUNS): { text: string; words: Counted<DangerPhraseKey> } {
  const [one, other] = NOUNS[noun];
  return { text: englishCount(count, noun), words: { count: String(count), one, other } };
}
