/**
 * Two requests of one Ledger account approved at once (both Approves sent before the first payload was built): each
 * takes its own nonce, as a key account's batches do under its lock. The second is built once the first was signed
 * and sent (and, a userOp, has run), so the device signs each once and nothing is sent twice.
 */
import { Transaction } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import type { DeviceRequest } from '../../shared/deviceSigning';
import type { RpcRequest } from '../../shared/protocol';
import type { DeviceSigningSlice } from '../deviceSigning/types';
import { DEVICE, LEDGER, RECIPIENT, devnetNode, ledgerSendCalls, wallet } from './deviceSigning.fixture';
import { signedBy, sponsoredCalls, sponsoredNode, userOperationOf } from './deviceUserOperation.fixture';
import { TURN_WAIT_MS } from './deviceBatchPayloads';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Approved = { result?: DeviceRequest | null; error?: { message: string } };

/** Two requests of the Ledger account waiting in the window, and the Approve of each sent at once. */
async function bothApproved(request: (i: number) => RpcRequest, answer?: unknown) {
  const w = await wallet();
  const first = await w.ask(request(1));
  const second = await w.ask(request(2));
  const approve = (id: string) => w.page('resolveApproval', { id, approved: true, ...(answer === undefined ? {} : { answer }) }) as Promise<Approved>;
  return { w, first, second, approved: [approve(first.approvalId), approve(second.approvalId)] as const };
}

/** The site's eth_sendTransaction of `i` wei. */
const send = (i: number): RpcRequest => ({ method: 'eth_sendTransaction', params: [{ from: LEDGER, to: RECIPIENT, value: `0x${i.toString(16)}` }] });

describe('two requests of one Ledger account approved at once', () => {
  it('eth_sendTransaction: the second is built at the nonce after the first, each signed once and sent once', async () => {
    const nonce = { value: 3 };
    const sent: string[] = [];
    // The node counts a transaction it was handed in the account's pending nonce.
    devnetNode(nonce, { more: { eth_sendRawTransaction: ([raw]) => (sent.push(raw as string), (nonce.value += 1), Transaction.from(raw as string).hash) } });
    const { w, first, second, approved } = await bothApproved(send, 'market');
    const signedOne = async (id: string, asked: Promise<Approved>) => {
      const payload = (await asked).result?.payload;
      if (payload?.kind !== 'transaction') throw new Error(`not a transaction: ${payload?.kind}`);
      const signed = await DEVICE.signTransaction(Transaction.from(payload.unsigned));
      expect(await w.deviceSigned(id, signed)).toEqual({ result: null });
      return Transaction.from(signed);
    };
    const one = await signedOne(first.approvalId, approved[0]);
    const two = await signedOne(second.approvalId, approved[1]);
    expect([one.nonce, two.nonce]).toEqual([3, 4]);
    expect(sent).toEqual([one.serialized, two.serialized]);
    expect([await first.reply(), await second.reply()]).toEqual([{ result: one.hash }, { result: two.hash }]);
  });

  it('eth_sendTransaction, the first rejected on the device: the second is built at the nonce the first would have taken and sent alone', async () => {
    const nonce = { value: 3 };
    const node = devnetNode(nonce);
    const { w, first, second, approved } = await bothApproved(send, 'market');
    await approved[0];
    expect(await w.page('resolveApproval', { id: first.approvalId, approved: false })).toEqual({ result: null });
    const payload = (await approved[1]).result?.payload;
    if (payload?.kind !== 'transaction') throw new Error(`not a transaction: ${payload?.kind}`);
    const signed = await DEVICE.signTransaction(Transaction.from(payload.unsigned));
    expect(await w.deviceSigned(second.approvalId, signed)).toEqual({ result: null });
    expect({ nonce: Transaction.from(signed).nonce, sent: node.sent }).toEqual({ nonce: 3, sent: [signed] });
    expect(await first.reply()).toMatchObject({ error: { code: 4001 } });
  });

  it('wallet_sendCalls, the first rejected and its site sending a batch again under the same id: the second is built at once, at the nonce the first would have taken', async () => {
    devnetNode({ value: 4 }, { code: delegationCode(LEDGER_7702_ACCOUNT) });
    const calls = (i: number): RpcRequest => {
      const request = ledgerSendCalls(true, i);
      return i === 1 ? { ...request, params: [{ ...(request.params as object[])[0], id: 'same' }] } : request;
    };
    const { w, first, approved } = await bothApproved(calls);
    await approved[0];
    expect(await w.page('resolveApproval', { id: first.approvalId, approved: false })).toEqual({ result: null });
    await w.ask(calls(1));
    const payload = (await approved[1]).result?.payload;
    if (payload?.kind !== 'transaction') throw new Error(`not a transaction: ${payload?.kind}`);
    expect(Transaction.from(payload.unsigned).nonce).toBe(4);
  });

  it('sponsored batches: the second waits for the first userOp to be signed, sent and run, then is built at the next EntryPoint nonce; each signed once, sent once', async () => {
    const chain = { code: delegationCode(LEDGER_7702_ACCOUNT), entryPointNonce: 5 };
    const node = sponsoredNode('0x', { value: 2 }, chain);
    const { w, first, second, approved } = await bothApproved(sponsoredCalls);
    const one = userOperationOf((await approved[0]).result?.payload);
    expect(await w.deviceSigned(first.approvalId, await signedBy(DEVICE, one))).toEqual({ result: null });
    // The first runs: its EntryPoint nonce is used.
    chain.entryPointNonce = 6;
    const two = userOperationOf((await approved[1]).result?.payload);
    expect(await w.deviceSigned(second.approvalId, await signedBy(DEVICE, two))).toEqual({ result: null });
    expect(node.operations.map((op) => BigInt(op.nonce))).toEqual([5n, 6n]);
    expect(node.operations.map((op) => op.signature)).toEqual([await signedBy(DEVICE, one), await signedBy(DEVICE, two)]);
    for (const asked of [first, second]) expect(await asked.reply()).toMatchObject({ result: { id: expect.any(String) } });
  });

  it('the second rejected while it waits for its turn, its site sending a sponsored batch again under the same id: nothing is built for it, no paymaster asked to sponsor the batch sent again', async () => {
    const node = sponsoredNode('0x', { value: 2 }, { code: delegationCode(LEDGER_7702_ACCOUNT), entryPointNonce: 5 });
    const again = (): RpcRequest => ({ ...sponsoredCalls(), params: [{ ...(sponsoredCalls().params as object[])[0], id: 'same' }] });
    const { w, first, second, approved } = await bothApproved((i) => (i === 2 ? again() : sponsoredCalls()));
    userOperationOf((await approved[0]).result?.payload);
    const sponsoring = () => node.asked.filter((m) => m === 'pm_getPaymasterData').length;
    const before = sponsoring();
    expect(await w.page('resolveApproval', { id: second.approvalId, approved: false })).toEqual({ result: null });
    const third = await w.ask(again());
    expect(await w.page('resolveApproval', { id: first.approvalId, approved: false })).toEqual({ result: null });
    expect((await approved[1]).error?.message).toMatch(/No request .* is waiting for the device/);
    const kept = ((await w.kept.sessionArea.get(['deviceSignings'])) as Partial<DeviceSigningSlice>).deviceSignings ?? [];
    expect({ sponsoring: sponsoring() - before, keptForSecond: kept.some((d) => d.approvalId === second.approvalId) }).toEqual({ sponsoring: 0, keptForSecond: false });
    expect((await w.services.approvals.pending()).map((a) => a.id)).toEqual([third.approvalId]);
  });

  it('one signed on the device, the worker stopped before it was sent, then rejected, its site sending a batch again under the same id: the account’s next request is not held up by that batch', async () => {
    devnetNode({ value: 4 }, { code: delegationCode(LEDGER_7702_ACCOUNT) });
    const same = (): RpcRequest => {
      const request = ledgerSendCalls(true);
      return { ...request, params: [{ ...(request.params as object[])[0], id: 'same' }] };
    };
    const before = await wallet();
    const first = await before.ask(same());
    const payload = (await before.page('resolveApproval', { id: first.approvalId, approved: true }) as Approved).result?.payload;
    if (payload?.kind !== 'transaction') throw new Error(`not a transaction: ${payload?.kind}`);
    // The device's signature kept, as deviceSigning.signed keeps it before it decides the request: the worker stopped there.
    const signature = await DEVICE.signTransaction(Transaction.from(payload.unsigned));
    const kept = ((await before.kept.sessionArea.get(['deviceSignings'])) as Partial<DeviceSigningSlice>).deviceSignings ?? [];
    await before.kept.sessionArea.set({ deviceSignings: kept.map((d) => ({ ...d, signature })) });
    const w = await wallet(before.kept, false);
    // The restarted fixture numbers the site's requests from 0 again: the first's number is used up here.
    await w.ask({ method: 'eth_chainId', params: [] });
    // Rejected: nothing of it is sent, its id is free, and the site sends a batch under it again.
    expect(await w.page('resolveApproval', { id: first.approvalId, approved: false })).toEqual({ result: null });
    expect((await w.ask(same())).approvalId).not.toBe(first.approvalId);
    const next = await w.ask(send(1));
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const approved = w.page('resolveApproval', { id: next.approvalId, approved: true, answer: 'market' }) as Promise<Approved>;
    await vi.advanceTimersByTimeAsync(TURN_WAIT_MS + 1_000);
    vi.useRealTimers();
    const { result, error } = await approved;
    expect({ error: error?.message, nonce: result?.payload.kind === 'transaction' && Transaction.from(result.payload.unsigned).nonce }).toEqual({ error: undefined, nonce: 4 });
  });
});
