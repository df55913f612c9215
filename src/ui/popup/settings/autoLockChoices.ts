import { tCount } from '../../i18n/t';

/** The auto-lock durations Settings offers, in minutes; a stored value not among them (set before) is offered too. */
export const AUTO_LOCK_MINUTES = [1, 5, 15, 30, 60, 240] as const;

export function autoLockChoices(current: number): number[] {
  const choices: number[] = [...AUTO_LOCK_MINUTES];
  return choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
}

/** "1 minute", "15 minutes", "1 hour", "4 hours"; minutes when the hours are not whole ("90 minutes"). */
export function durationLabel(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) return tCount({ one: 'settings_hours_one', other: 'settings_hours_other' }, minutes / 60);
  return tCount({ one: 'settings_minutes_one', other: 'settings_minutes_other' }, minutes);
}
