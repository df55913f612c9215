import { describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS } from '../settings/settings';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { AUTO_LOCK_ALARM, LOCK_DEADLINE_DEFAULTS, createIdleTimer } from './autoLock';

function setup() {
  const clock = { now: 1_000_000 };
  const alarms: Record<string, number> = {};
  const deps = {
    settings: typedStorage(memoryBackend(), SETTINGS_DEFAULTS),
    session: typedStorage(memoryBackend(), LOCK_DEADLINE_DEFAULTS),
    alarms: { create: (name: string, { when }: { when: number }) => void (alarms[name] = when), clear: async (name: string) => delete alarms[name] },
    now: () => clock.now,
  };
  return { clock, alarms, deps, timer: createIdleTimer(deps) };
}

describe('auto-lock', () => {
  it('sets the alarm and the deadline auto-lock minutes ahead; a worker started after the deadline knows to lock', async () => {
    const { clock, alarms, deps, timer } = setup();
    await timer.restart();
    expect(alarms[AUTO_LOCK_ALARM]).toBe(1_000_000 + 15 * 60_000);
    expect(await timer.overdue()).toBe(false);
    clock.now += 15 * 60_000;
    // A new worker, the same session: the deadline passed while it was down.
    expect(await createIdleTimer(deps).overdue()).toBe(true);
  });

  it('has no deadline once stopped (locked)', async () => {
    const { clock, alarms, timer } = setup();
    await timer.restart();
    await timer.stop();
    clock.now += 60 * 60_000;
    expect(await timer.overdue()).toBe(false);
    expect(alarms).toEqual({});
  });
});
