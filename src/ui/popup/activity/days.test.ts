import { describe, expect, it } from 'vitest';
import { byDay } from './days';

const at = (text: string) => new Date(text).getTime();

describe('byDay', () => {
  it('groups rows under Today, Yesterday, then the date in the browser’s language, newest first', () => {
    const now = at('2026-11-29T15:00:00');
    const rows = [at('2026-11-29T14:00:00'), at('2026-11-29T00:10:00'), at('2026-11-28T23:50:00'), at('2026-11-20T09:00:00'), at('2025-12-31T09:00:00')].map((createdAt) => ({ createdAt }));
    expect(byDay(rows, now).map(({ day, items }) => [day, items.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      ['November 20', 1],
      ['December 31, 2025', 1],
    ]);
  });
});
