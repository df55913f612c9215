/** Activity's rows by the day they were made, in the browser's time zone: Today, Yesterday, then the date in its language. */
import { t, uiLocale } from '../../i18n/t';

const startOfDay = (at: number): number => new Date(at).setHours(0, 0, 0, 0);

/** "November 20", with the year only when it is not this year's. */
function dayName(day: number, now: number): string {
  const today = startOfDay(now);
  if (day === today) return t('activity_today');
  if (day === startOfDay(today - 1)) return t('activity_yesterday');
  const otherYear = new Date(day).getFullYear() !== new Date(now).getFullYear();
  return new Intl.DateTimeFormat(uiLocale(), { month: 'long', day: 'numeric', ...(otherYear ? { year: 'numeric' } : {}) }).format(day);
}

/** The rows (already newest first) in one group per day, in the same order. */
export function byDay<T extends { createdAt: number }>(rows: T[], now: number): { day: string; items: T[] }[] {
  const groups: { start: number; day: string; items: T[] }[] = [];
  for (const row of rows) {
    const start = startOfDay(row.createdAt);
    const last = groups.at(-1);
    if (last?.start === start) last.items.push(row);
    else groups.push({ start, day: dayName(start, now), items: [row] });
  }
  return groups.map(({ day, items }) => ({ day, items }));
}
