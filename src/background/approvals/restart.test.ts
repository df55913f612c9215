import { describe, expect, it } from 'vitest';
import { DETAILS, from, setup } from './queue.fixture';

describe('approval queue across a restart of the worker', () => {
  it('a request the user decided just before the worker stopped is finished on the next start', async () => {
    const { approvals, replies, local, restarted, stalled } = setup();
    const record = await approvals.request('connect', from(1), DETAILS);
    // The worker stops after storing the decision, while finishing.
    void stalled().settle(record.id, { approved: true });
    await expect.poll(async () => (await local.get('approvals'))[0].decision).toEqual({ approved: true });
    expect(await approvals.pending()).toEqual([]);
    await restarted().resume();
    expect(replies).toEqual([{ target: from(1).replyTo, response: { result: 'after restart' } }]);
    expect(await local.get('approvals')).toEqual([]);
    await expect(approvals.settle(record.id, { approved: true })).rejects.toThrow('No pending approval');
  });

  it('finishes a request persisted before a restart', async () => {
    const { approvals, replies, restarted } = setup();
    const record = await approvals.request('connect', from(1), DETAILS);
    await restarted().settle(record.id, { approved: true });
    expect(replies).toEqual([{ target: from(1).replyTo, response: { result: 'after restart' } }]);
  });

  it('never finishes a decided record it did not write (planted or altered in storage), and drops it', async () => {
    const { approvals, replies, local, restarted, stalled } = setup();
    const planted = { id: 'x', type: 'signMessage', method: 'personal_sign', origin: 'https://evil.example', replyTo: from(9).replyTo, createdAt: 0, details: {}, decision: { approved: true } };
    await local.update('approvals', (all) => [...all, planted as never]);
    const genuine = await approvals.request('sendCalls', from(1), { batchId: 'b', calls: [] } as never);
    void stalled().settle(genuine.id, { approved: true });
    await expect.poll(async () => (await local.get('approvals')).find((a) => a.id === genuine.id)?.decision).toBeDefined();
    // Altered after the user decided: the calls are no longer the ones approved.
    await local.update('approvals', (all) => all.map((a) => (a.id === genuine.id ? { ...a, details: { batchId: 'b', calls: ['evil'] } } as never : a)));
    await restarted().resume();
    expect(replies).toEqual([]);
    expect(await local.get('approvals')).toEqual([]);
  });

  it('never finishes a request twice: a copy of its decided record, written back once it was answered, is dropped at the next start', async () => {
    let copy: unknown;
    const { approvals, replies, local, restarted } = setup(async () => {
      copy = await local.get('approvals');
      return { result: 'sent' };
    });
    const record = await approvals.request('sendCalls', from(1), DETAILS);
    await approvals.settle(record.id, { approved: true });
    expect(copy).toEqual([expect.objectContaining({ id: record.id, decision: { approved: true } })]);
    await local.set('approvals', copy as never);
    await restarted().resume();
    expect(replies).toEqual([{ target: from(1).replyTo, response: { result: 'sent' } }]);
    expect(await local.get('approvals')).toEqual([]);
  });

  it('does not ask again for a request the user answered: an older copy written back is not pending', async () => {
    const { approvals, local, restarted, stalled } = setup();
    const record = await approvals.request('connect', from(1), DETAILS);
    const waiting = await local.get('approvals');
    void stalled().settle(record.id, { approved: false });
    await expect.poll(async () => (await local.get('approvals'))[0].decision).toEqual({ approved: false });
    await local.set('approvals', waiting);
    expect(await restarted().pending()).toEqual([]);
  });

});
