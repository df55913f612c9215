/**
 * wallet_sendCalls of a Ledger account whose device will not sign the upgrade: a batch that does not require atomicity
 * runs as one device-signed transaction per call, all checked before any is sent; the refusal is remembered.
 */
import { Transaction, type Wallet } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DevicePayload } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import { DEVICE, LEDGER, OTHER, RECIPIENT, devnetNode, ledgerSendCalls as sendCalls, upgradeSignedBy, wallet } from './deviceSigning.fixture';

afterEach(() => vi.unstubAllGlobals());

describe('where the device will not sign the upgrade (Smart account upgrade off, an app older than 1.17.0)', () => {
  /** Each transaction of a `transactions` payload signed by `keys[i]` (the device's key by default). */
  const signEach = (payload: DevicePayload | null | undefined, keys: Wallet[] = []) => {
    if (payload?.kind !== 'transactions') throw new Error(`not transactions: ${payload?.kind}`);
    return Promise.all(payload.unsigned.map((u, i) => (keys[i] ?? DEVICE).signTransaction(Transaction.from(u))));
  };
  /** What wallet_getCapabilities reads (rpc/capabilities.test.ts: `unsupported` while plain). */
  const refusedOf = (w: Awaited<ReturnType<typeof wallet>>, account: Hex = LEDGER) => w.services.deviceSigning.upgradeRefused(account, '0x7a69');

  it('runs a batch that allows it sequentially: one transaction per call at consecutive nonces, each signed on the device, sent in order', async () => {
    const node = devnetNode({ value: 5 });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(sendCalls(false));
    expect((await w.deviceRequest(approvalId)).result?.payload.kind).toBe('upgrade');
    const refused = (await w.page('deviceRequest', { id: approvalId, refused: true })) as { result: { payload: DevicePayload } };
    const unsigned = (refused.result.payload as { unsigned: Hex[] }).unsigned.map((u) => Transaction.from(u));
    expect(unsigned.map((t) => ({ to: t.to, nonce: t.nonce, value: t.value, type: t.type }))).toEqual([
      { to: RECIPIENT, nonce: 5, value: 1n, type: 2 }, { to: RECIPIENT, nonce: 6, value: 2n, type: 2 },
    ]);
    const signed = await signEach(refused.result.payload);
    expect(await w.page('deviceSigned', { id: approvalId, signature: signed })).toEqual({ result: null });
    expect(node.sent).toEqual(signed);
    expect(await reply()).toMatchObject({ result: { id: expect.any(String) } });
  });

  it('refuses every transaction when one was signed by another key: nothing is sent', async () => {
    const node = devnetNode({ value: 0 });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(sendCalls(false));
    await w.deviceRequest(approvalId);
    const refused = (await w.page('deviceRequest', { id: approvalId, refused: true })) as { result: { payload: DevicePayload } };
    const signed = await signEach(refused.result.payload, [DEVICE, OTHER]);
    expect(await w.page('deviceSigned', { id: approvalId, signature: signed })).toMatchObject({ error: { message: expect.stringContaining('transaction 2 of 2') } });
    expect(await w.page('deviceSigned', { id: approvalId, signature: signed[0] })).toMatchObject({ error: { message: expect.stringContaining('2 transactions') } });
    // The device's own signatures out of order, one twice, one missing, or one more: each list refused whole.
    const mine = await signEach(refused.result.payload);
    for (const list of [[mine[1], mine[0]], [mine[0], mine[0]], [mine[0]], [...mine, mine[1]]]) {
      expect(await w.page('deviceSigned', { id: approvalId, signature: list })).toMatchObject({ error: { message: expect.stringContaining('transaction') } });
    }
    expect(node.sent).toEqual([]);
    expect(await reply()).toBe('waiting');
  });

  it('keeps a batch that requires atomicity atomic (null), and remembers the refusal for this account and chain until the device signs an upgrade', async () => {
    devnetNode({ value: 0 });
    const w = await wallet();
    expect(await refusedOf(w)).toBe(false);
    const { approvalId } = await w.ask(sendCalls(true));
    await w.deviceRequest(approvalId);
    expect(await w.page('deviceRequest', { id: approvalId, refused: true })).toEqual({ result: null });
    expect(await refusedOf(w)).toBe(true);
    // Turned on, tried again: the device signs, and the account can be upgraded again.
    const { result } = await w.deviceRequest(approvalId);
    expect(await w.deviceSigned(approvalId, await upgradeSignedBy(DEVICE, result?.payload))).toEqual({ result: null });
    expect(await refusedOf(w)).toBe(false);
  });

  it('runs a batch of several calls sequentially on a chain without EIP-7702 (no upgrade asked)', async () => {
    devnetNode({ value: 0 });
    const w = await wallet();
    await w.services.networks.markWithoutEip7702('0x7a69');
    const { approvalId } = await w.ask(sendCalls(false));
    expect((await w.deviceRequest(approvalId)).result?.payload).toMatchObject({ kind: 'transactions', unsigned: [expect.any(String), expect.any(String)] });
  });
});
