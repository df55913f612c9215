import { describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS } from '../settings/settings';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { LOCK_DEADLINE_DEFAULTS, createIdleTimer } from './autoLock';

function setup() {
  const clock = { now: 1_000_000 };
  const alarm: { at?: number } = {};
  const deps = {
    settings: typedStorage(memoryBackend(), SETTINGS_DEFAULTS),
    session: typedStorage(memoryBackend(), LOCK_DEADLINE_DEFAULTS),
    alarm: { at: (when: number) => void (alarm.at = when), clear: async () => delete alarm.at },
    now: () => clock.now,
  };
  return { clock, alarm, deps, timer: createIdleTimer(deps) };
}

describe('auto-lock', () => {
  it('sets the alarm and the deadline auto-lock minutes ahead; a worker started after the deadline knows to lock', async () => {
    const { clock, alarm, deps, timer } = setup();
    await timer.restart();
    expect(alarm.at).toBe(1_000_000 + 15 * 60_000);
    expect(await timer.overdue()).toBe(false);
    clock.now += 15 * 60_000;
    // A new worker, the same session: the deadline passed while it was down.
    expect(await createIdleTimer(deps).overdue()).toBe(true);
  });

  it('has no deadline once stopped (locked)', async () => {
    const { clock, alarm, timer } = setup();
    await timer.restart();
    await timer.stop();
    clock.now += 60 * 60_000;
    expect(await timer.overdue()).toBe(false);
    expect(alarm).toEqual({});
  });

  // A content script can write storage.local (Firefox). With the deadline no number, the wallet never locked, and an
  // alarms API that refuses a time that is no finite number made every page request but reads (unlock, reset) throw.
  it.each([['text', 'planted'], ['an object', {}], ['no whole count', 0.5], ['below one', -5], ['past any date', 1e308], ['a deadline no date holds', 2 ** 53 - 1], ['over a week', 10_081]])(
    'takes the default 15 minutes when the stored minutes are %s',
    async (_, planted) => {
      const { alarm, deps, timer } = setup();
      await deps.settings.set('settings', { ...SETTINGS_DEFAULTS.settings, autoLockMinutes: planted as number });
      await timer.restart();
      expect(alarm.at).toBe(1_000_000 + 15 * 60_000);
    },
  );
});
