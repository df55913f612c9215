import { describe, expect, it } from 'vitest';
import { ALARMS, listenToAlarms, type AlarmWork } from './alarms';
import type { Services } from './services';
import { alarmsFake } from './testing';

function setup({ filtersLeft = 0, subscriptionsLive = 0, unlocked = true } = {}) {
  let now = 0;
  const fake = alarmsFake(() => now);
  let fire: (alarm: { name: string }) => void = () => undefined;
  const ran: string[] = [];
  // Only what the alarms run.
  const services = {
    vault: { isUnlocked: async () => unlocked },
    firewall: { check: async () => void ran.push('firewall') },
    subscriptions: { resume: async () => (ran.push('subscriptions'), subscriptionsLive) },
    filters: { sweep: async () => (ran.push('filters'), filtersLeft) },
  } as unknown as Services;
  const work: AlarmWork = { services, lock: async () => void ran.push('lock'), refreshPhishingList: async () => ran.push('phishing'), started: Promise.resolve() };
  const api = { ...fake, onAlarm: { addListener: (listener: typeof fire) => void (fire = listener) } };
  return { fake, ran, work, api, fire: async (name: string) => (fire({ name }), await new Promise((resolve) => setTimeout(resolve))), advance: (ms: number) => (now += ms) };
}

describe('alarms', () => {
  it('keeps the firewall and phishing-list alarms from the first start, and a later start does not put them off', async () => {
    const { fake, work, api, advance } = setup();
    listenToAlarms(api, work);
    await new Promise((resolve) => setTimeout(resolve));
    expect(fake.set.get(ALARMS.firewall.name)).toEqual({ scheduledTime: 60_000, periodInMinutes: 1 });
    expect(fake.set.get(ALARMS.phishingList.name)?.periodInMinutes).toBe(360);
    advance(30_000);
    listenToAlarms(api, work);
    await new Promise((resolve) => setTimeout(resolve));
    expect(fake.set.get(ALARMS.firewall.name)?.scheduledTime).toBe(60_000);
  });

  it('runs what each alarm names, and nothing for a name it does not know', async () => {
    const { ran, work, api, fire } = setup();
    listenToAlarms(api, work);
    for (const name of ['auto-lock', 'delegation-firewall', 'phishing-list', 'subscriptions', 'filters', 'constructor']) await fire(name);
    expect(ran).toEqual(['lock', 'firewall', 'phishing', 'subscriptions', 'filters']);
  });

  it('clears the sweep and the wake once nothing is left to sweep or resume, and keeps them while something is', async () => {
    for (const [left, kept] of [[0, false], [2, true]] as const) {
      const { fake, work, api, fire } = setup({ filtersLeft: left, subscriptionsLive: left });
      fake.create(ALARMS.filters.name, { periodInMinutes: 1 });
      fake.create(ALARMS.subscriptions.name, { periodInMinutes: 0.5 });
      listenToAlarms(api, work);
      await fire(ALARMS.filters.name);
      await fire(ALARMS.subscriptions.name);
      expect([fake.set.has(ALARMS.filters.name), fake.set.has(ALARMS.subscriptions.name)]).toEqual([kept, kept]);
    }
  });

  it('looks at delegations only while the wallet is unlocked', async () => {
    const { ran, work, api, fire } = setup({ unlocked: false });
    listenToAlarms(api, work);
    await fire(ALARMS.firewall.name);
    expect(ran).toEqual([]);
  });
});
