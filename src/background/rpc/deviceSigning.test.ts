/**
 * Signing on a Ledger, the worker's half, through the pipeline as the site and the approval window reach it: the
 * payload the window gets, and what the worker accepts back (personal_sign, eth_signTypedData_v4).
 */
import { TypedDataEncoder, hexlify, toUtf8Bytes, verifyMessage, verifyTypedData } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { DevicePayload } from '../../shared/deviceSigning';
import type { RpcRequest } from '../../shared/protocol';
import { DEFERRED } from './types';
import { DEVICE, LEDGER, OTHER, PASSWORD, PATH, SITE, type Reply, wallet } from './deviceSigning.fixture';

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

  it('cannot be approved without the device: Approve answers what the device must sign, and the request still waits', async () => {
    const w = await wallet();
    const { approvalId, reply } = await w.ask(personalSign('Hello'));
    expect(await w.page('resolveApproval', { id: approvalId, approved: true })).toEqual({ result: { approvalId, account: LEDGER, path: PATH, payload: { kind: 'message', message: hexlify(toUtf8Bytes('Hello')) } } });
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

  it('while the wallet is locked, neither hands out a payload nor takes a signature: the request still waits', async () => {
    const w = await wallet();
    const { approvalId, reply } = await w.ask(personalSign('While locked'));
    await w.deviceRequest(approvalId);
    await w.services.vault.lock();
    expect(await w.deviceRequest(approvalId)).toMatchObject({ error: { code: 4100 } });
    expect(await w.deviceSigned(approvalId, await DEVICE.signMessage('While locked'))).toMatchObject({ error: { code: 4100 } });
    expect(await reply()).toBe('waiting');
  });

  it("is out of a site's reach: its deviceRequest, deviceSigned and addLedgerAccounts are unknown methods (4200), and its request still waits", async () => {
    const w = await wallet();
    const { approvalId, reply } = await w.ask(personalSign('Mine'));
    const signature = await DEVICE.signMessage('Mine');
    for (const [method, params] of [['deviceRequest', { id: approvalId }], ['deviceSigned', { id: approvalId, signature }], ['addLedgerAccounts', { accounts: [], password: PASSWORD }]] as const) {
      expect((await w.ask({ method, params } as unknown as RpcRequest)).first).toMatchObject({ error: { code: 4200 } });
    }
    expect(await reply()).toBe('waiting');
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

describe('eth_signTypedData_v4 of a Ledger account', () => {
  const typed = {
    types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }], Mail: [{ name: 'to', type: 'address' }, { name: 'contents', type: 'string' }] },
    primaryType: 'Mail',
    domain: { name: 'Ether Mail', chainId: 31337 },
    message: { to: OTHER.address, contents: 'Hello, Bob!' },
  };
  const { EIP712Domain: _, ...types } = typed.types;

  it('hands the window the whole message and its two hashes, and answers with the signature dapps verify', async () => {
    const w = await wallet();
    const { approvalId, reply } = await w.ask({ method: 'eth_signTypedData_v4', params: [LEDGER, JSON.stringify(typed)] });
    const { result } = await w.deviceRequest(approvalId);
    expect(result?.payload).toEqual({
      kind: 'typedData', typedData: typed,
      domainHash: TypedDataEncoder.hashDomain(typed.domain), messageHash: TypedDataEncoder.from(types).hash(typed.message),
    });
    const signature = await DEVICE.signTypedData(typed.domain, types, typed.message);
    expect(await w.deviceSigned(approvalId, await OTHER.signTypedData(typed.domain, types, typed.message))).toMatchObject({ error: { message: expect.stringContaining('is not') } });
    expect(await w.deviceSigned(approvalId, signature)).toEqual({ result: null });
    const answered = (await reply()) as Reply;
    expect(verifyTypedData(typed.domain, types, typed.message, answered.result as string)).toBe(LEDGER);
  });
});
