/**
 * Signing on a Ledger, the worker's half, through the pipeline as the site and the approval window reach it: the
 * payload the window gets, and what the worker accepts back. The device is played by a key the wallet does not hold.
 */
import { Transaction, TypedDataEncoder, Wallet, hexlify, toUtf8Bytes, verifyMessage, verifyTypedData } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DevicePayload, DeviceRequest } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import type { AccountsSlice } from '../accounts/accounts';
import type { RpcRequest } from '../../shared/protocol';
import { memoryKeyStore } from '../storage/seal';
import { memoryBackend, type TypedStorage } from '../storage/typedStorage';
import { DEFERRED } from '../rpc/types';
import { testServices } from '../testing';

const SITE = 'https://dapp.example';
/** The device's key for the account at PATH; the wallet only knows its address. */
const DEVICE = new Wallet('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d');
const OTHER = new Wallet('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a');
const LEDGER = DEVICE.address as Hex;
const PATH = "44'/60'/0'/0/0";

afterEach(() => vi.unstubAllGlobals());

type Reply = { result?: unknown; error?: { code: number; message: string } };

/** A wallet with the Ledger account connected to SITE; `kept` carries storage across a worker restart. */
async function wallet(kept = { sessionArea: memoryBackend(), localArea: memoryBackend(), sealKeys: memoryKeyStore() }, fresh = true) {
  const { services, page } = testServices(kept.sessionArea, undefined, kept);
  if (fresh) {
    const local = services.settings as unknown as TypedStorage<AccountsSlice>;
    await local.set('accounts', [{ address: LEDGER, index: 0, name: 'Ledger 1', ledgerPath: PATH }]);
    await local.set('selectedAccount', LEDGER);
    await services.permissions.grant(SITE, [LEDGER]);
  }
  let requestId = 0;
  const replyTo = (id: number) => ({ tabId: 1, frameId: 0, origin: SITE, requestId: String(id) });
  /** The site's request; `reply()` is its answer once the user (or the device) settled it. */
  const ask = async (request: RpcRequest) => {
    const id = requestId++;
    const { runRequest } = await import('../rpc/pipeline');
    const first = await runRequest(request, { origin: SITE, method: request.method, replyTo: replyTo(id), services });
    const approval = (await services.approvals.pending()).at(-1)!;
    return { first, approvalId: approval?.id, reply: async () => (await services.approvals.earlier(replyTo(id))) as Reply | 'waiting' | undefined };
  };
  const deviceRequest = async (id: string, answer?: unknown) => (await page('deviceRequest', { id, ...(answer === undefined ? {} : { answer }) })) as { result?: DeviceRequest | null; error?: { message: string } };
  const deviceSigned = (id: string, signature: string) => page('deviceSigned', { id, signature }) as Promise<Reply>;
  return { services, page, ask, deviceRequest, deviceSigned, kept };
}

const personalSign = (text: string): RpcRequest => ({ method: 'personal_sign', params: [hexlify(toUtf8Bytes(text)), LEDGER] });
const messageOf = (payload: DevicePayload | undefined) => (payload?.kind === 'message' ? payload.message : undefined);

describe('personal_sign of a Ledger account', () => {
  it('hands the window the message bytes, and answers the site with the device signature once it recovers to the account', async () => {
    const w = await wallet();
    const { first, approvalId, reply } = await w.ask(personalSign('Hello Ledger'));
    expect(first).toBe(DEFERRED);
    const { result } = await w.deviceRequest(approvalId);
    expect(result).toEqual({ approvalId, account: LEDGER, path: PATH, payload: { kind: 'message', message: hexlify(toUtf8Bytes('Hello Ledger')) } });
    const signature = await DEVICE.signMessage(toUtf8Bytes('Hello Ledger'));
    expect(await w.deviceSigned(approvalId, signature)).toEqual({ result: null });
    const answered = await reply();
    expect(answered).toEqual({ result: signature });
    expect(verifyMessage('Hello Ledger', (answered as Reply).result as string)).toBe(LEDGER);
  });

  it('cannot be approved without the device: the plain Approve is refused and the request still waits', async () => {
    const w = await wallet();
    const { approvalId, reply } = await w.ask(personalSign('Hello'));
    expect(await w.page('resolveApproval', { id: approvalId, approved: true })).toMatchObject({ error: { message: expect.stringContaining('signed on the Ledger') } });
    expect(await reply()).toBe('waiting');
  });

  it('refuses a signature by another key, and the request still waits for the right one', async () => {
    const w = await wallet();
    const { approvalId, reply } = await w.ask(personalSign('Hello'));
    await w.deviceRequest(approvalId);
    expect(await w.deviceSigned(approvalId, await OTHER.signMessage('Hello'))).toMatchObject({ error: { message: expect.stringContaining('is not') } });
    expect(await reply()).toBe('waiting');
    expect(await w.deviceSigned(approvalId, await DEVICE.signMessage('Hello'))).toEqual({ result: null });
    expect(await reply()).toEqual({ result: await DEVICE.signMessage('Hello') });
  });

  it("refuses the account's signature of another request's message", async () => {
    const w = await wallet();
    const a = await w.ask(personalSign('Pay 1'));
    const b = await w.ask(personalSign('Pay 1000'));
    await w.deviceRequest(a.approvalId);
    await w.deviceRequest(b.approvalId);
    expect(await w.deviceSigned(b.approvalId, await DEVICE.signMessage('Pay 1'))).toMatchObject({ error: { message: expect.stringContaining('is not') } });
    expect(await b.reply()).toBe('waiting');
    expect(await a.reply()).toBe('waiting');
  });

  it('refuses the same signature sent again once the request is answered', async () => {
    const w = await wallet();
    const { approvalId } = await w.ask(personalSign('Once'));
    await w.deviceRequest(approvalId);
    const signature = await DEVICE.signMessage('Once');
    expect(await w.deviceSigned(approvalId, signature)).toEqual({ result: null });
    expect(await w.deviceSigned(approvalId, signature)).toMatchObject({ error: { message: expect.stringContaining('No request') } });
  });

  it('refuses a signature for a request that never asked the device', async () => {
    const w = await wallet();
    const { approvalId, reply } = await w.ask(personalSign('Unasked'));
    expect(await w.deviceSigned(approvalId, await DEVICE.signMessage('Unasked'))).toMatchObject({ error: { message: expect.stringContaining('did not ask the device') } });
    expect(await reply()).toBe('waiting');
  });

  it('rejected (Reject, or refused on the device) answers the site 4001, and a late signature is refused', async () => {
    const w = await wallet();
    const { approvalId, reply } = await w.ask(personalSign('No'));
    await w.deviceRequest(approvalId);
    expect(await w.page('resolveApproval', { id: approvalId, approved: false })).toEqual({ result: null });
    expect(await reply()).toMatchObject({ error: { code: 4001 } });
    expect(await w.deviceSigned(approvalId, await DEVICE.signMessage('No'))).toMatchObject({ error: { message: expect.stringContaining('No request') } });
  });

  it('after a worker restart, hands the window the same request and accepts its signature', async () => {
    const before = await wallet();
    const { approvalId } = await before.ask(personalSign('Across a restart'));
    const { result: asked } = await before.deviceRequest(approvalId);
    const after = await wallet(before.kept, false);
    expect((await after.deviceRequest(approvalId)).result).toEqual(asked);
    expect(await after.deviceSigned(approvalId, await DEVICE.signMessage('Across a restart'))).toEqual({ result: null });
    expect(await after.services.approvals.earlier({ tabId: 1, frameId: 0, origin: SITE, requestId: '0' })).toEqual({ result: await DEVICE.signMessage('Across a restart') });
    expect(messageOf(asked?.payload)).toBe(hexlify(toUtf8Bytes('Across a restart')));
  });
});
