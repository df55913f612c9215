import { describe, expect, it } from 'vitest';
import { autoLockChoices, durationLabel } from './autoLockChoices';

describe('auto-lock choices', () => {
  it('offers the usual durations, with a stored value not among them in its place', () => {
    expect(autoLockChoices(15).map(durationLabel)).toEqual(['1 minute', '5 minutes', '15 minutes', '30 minutes', '1 hour', '4 hours']);
    expect(autoLockChoices(7)).toEqual([1, 5, 7, 15, 30, 60, 240]);
    expect(autoLockChoices(1440).map(durationLabel).at(-1)).toBe('24 hours');
    expect(durationLabel(90)).toBe('90 minutes');
  });
});
