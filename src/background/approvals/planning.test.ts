import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_PENDING_PER_SITE } from './approvals';
import { PLANNING_GRACE_MS } from './planning';
import { DETAILS, from, setup } from './queue.fixture';

describe('a request being planned', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  const batch = { origin: 'https://dapp.example', method: 'wallet_sendCalls' };

  it('opens nothing when planned within the grace (a near node): the window opens once, on its screen', async () => {
    const { approvals, window } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS - 1);
    await planning.stillAsked();
    await approvals.request('sendCalls', from(1), DETAILS);
    await planning.end();
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    expect(window.shown).toBe(1);
    expect(await approvals.plans.list()).toEqual([]);
  });

  it('opens the window on it when planning outlasts the grace (a distant node), and its screen takes the window over', async () => {
    const { approvals, window } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    const [shown] = await approvals.plans.list();
    expect(shown).toEqual({ id: expect.any(String), ...batch });
    expect(window.firsts).toEqual([shown.id]);
    await planning.stillAsked();
    const record = await approvals.request('sendCalls', from(1), DETAILS);
    await planning.end();
    expect(await approvals.plans.list()).toEqual([]);
    // Queued: the window stays, on the request's screen.
    expect(window.closed).toBe(0);
    expect(window.firsts).toEqual([shown.id, record.id]);
  });

  it('closes the window it opened when the plan ends without a question for the user (refused, or answered at once)', async () => {
    const { approvals, window } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    await planning.end();
    expect(window.closed).toBe(1);
    expect(await approvals.plans.list()).toEqual([]);
  });

  it('keeps the window while another request waits, or another is being planned', async () => {
    const { approvals, window } = setup();
    const other = await approvals.request('signMessage', from(1), DETAILS);
    const first = approvals.plans.begin(batch);
    const second = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    await first.end();
    await approvals.settle(other.id, { approved: true, answer: 'x' });
    expect(window.closed).toBe(0);
    await second.end();
    expect(window.closed).toBe(1);
  });

  it('is rejected (4001) once planned when the user closed its window meanwhile: they walked away', async () => {
    const { approvals } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    await approvals.rejectAll();
    await expect(planning.stillAsked()).rejects.toMatchObject({ code: 4001 });
    await planning.end();
  });

  it('is rejected (4001) once planned when the user pressed Reject on it, and the window closes; it cannot be approved', async () => {
    const { approvals, window } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    const [shown] = await approvals.plans.list();
    await expect(approvals.settle(shown.id, { approved: true })).rejects.toThrow(/No pending approval/);
    await approvals.settle(shown.id, { approved: false });
    expect(window.closed).toBe(1);
    expect(await approvals.plans.list()).toEqual([]);
    await expect(planning.stillAsked()).rejects.toMatchObject({ code: 4001 });
  });

  it('rejected by the user just as it was queued: the queued request is rejected too, and the window closes', async () => {
    const { approvals, window, replies } = setup();
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    const [shown] = await approvals.plans.list();
    await planning.stillAsked();
    const record = await approvals.request('sendCalls', from(1), DETAILS);
    await approvals.settle(shown.id, { approved: false });
    await planning.end(record.id);
    expect(await approvals.pending()).toEqual([]);
    expect(replies).toEqual([{ target: from(1).replyTo, response: { error: { code: 4001, message: 'User rejected the request' } } }]);
    expect(window.closed).toBeGreaterThan(0);
  });

  it('of a site at its cap of waiting requests opens no window (a page cannot keep taking the focus)', async () => {
    const { approvals, window } = setup();
    for (let n = 0; n < MAX_PENDING_PER_SITE; n++) await approvals.request('signMessage', from(n), DETAILS);
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    expect(await approvals.plans.list()).toEqual([]);
    expect(window.shown).toBe(MAX_PENDING_PER_SITE);
    await planning.end();
  });

  it('can still be rejected when its window failed to open', async () => {
    const { approvals, window } = setup();
    window.failing = true;
    const planning = approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    const [shown] = await approvals.plans.list();
    await approvals.settle(shown.id, { approved: false });
    await expect(planning.stillAsked()).rejects.toMatchObject({ code: 4001 });
  });

  it('of an earlier worker start is not shown: it died with that worker, and its window closes', async () => {
    const { approvals, restarted, session, window } = setup();
    approvals.plans.begin(batch);
    await vi.advanceTimersByTimeAsync(PLANNING_GRACE_MS);
    const after = restarted();
    expect(await after.plans.list()).toEqual([]);
    await after.resume();
    expect(await session.get('planning')).toEqual([]);
    // The window showed only that: it closes.
    expect(window.closed).toBe(1);
  });
});
