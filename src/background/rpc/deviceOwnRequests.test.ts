/**
 * The wallet's own requests and sign-in for a Ledger account: wallet_connect's sign-in message, Speed up and Cancel,
 * each signed on the device; only what recovers to the account, over exactly what was shown, answers or is sent.
 */
import { Transaction, getAddress, hexlify, toUtf8Bytes, verifyMessage } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DevicePayload } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import { siweMessage } from '../../shared/siwe';
import type { WalletConnectResult } from './dappMethods';
import { askAsWallet } from './pipeline';
import { DEFERRED } from './types';
import { DEVICE, LEDGER, OTHER, SITE, devnetNode, wallet } from './deviceSigning.fixture';

afterEach(() => vi.unstubAllGlobals());

const WALLET = 'chrome-extension://wallet';
/** What the popup's pages ask as the wallet (pages/send.ts askUser): the request waits for the approval window. */
const askAsTheWallet = (services: Awaited<ReturnType<typeof wallet>>['services'], method: string, params: unknown) =>
  askAsWallet(method, params, { origin: WALLET, method, services, account: LEDGER, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } });

const RECIPIENT = getAddress('0x70997970c51812dc3a64c3f2bf8f4d5a8b45d2c8') as Hex;

/** The device's answer to a transaction payload, signed by `key`. */
const signedBy = (key: typeof DEVICE, payload: DevicePayload | undefined) => {
  if (payload?.kind !== 'transaction') throw new Error(`not a transaction: ${payload?.kind}`);
  return key.signTransaction(Transaction.from(payload.unsigned));
};

describe("wallet_connect's sign-in from a Ledger account", () => {
  const connect = { method: 'wallet_connect', params: [{ version: '1', capabilities: { signInWithEthereum: { nonce: 'n0nce1234', statement: 'Welcome' } } }] };

  it('has the device sign the very EIP-4361 message the screen shows, and answers it with the checked signature', async () => {
    devnetNode({ value: 0 });
    const w = await wallet();
    const { first, approvalId, reply } = await w.ask(connect);
    expect(first).toBe(DEFERRED);
    const fields = (await w.services.approvals.pending()).at(-1)!.details as { signIn: { fields: Parameters<typeof siweMessage>[0] } };
    const message = siweMessage(fields.signIn.fields, LEDGER);
    const { result } = await w.deviceRequest(approvalId, [LEDGER]);
    expect(result?.payload).toEqual({ kind: 'message', message: hexlify(toUtf8Bytes(message)) });
    expect(await w.deviceSigned(approvalId, await DEVICE.signMessage(message))).toEqual({ result: null });
    const answer = (await reply()) as { result: WalletConnectResult };
    const signIn = answer.result.accounts[0].capabilities.signInWithEthereum!;
    expect(signIn.message).toBe(message);
    expect(verifyMessage(signIn.message, signIn.signature)).toBe(LEDGER);
  });

  it('refuses a signature by another key, and answers nothing', async () => {
    devnetNode({ value: 0 });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(connect);
    const { result } = await w.deviceRequest(approvalId, [LEDGER]);
    const message = (result?.payload as { message: Hex }).message;
    expect(await w.deviceSigned(approvalId, await OTHER.signMessage(Buffer.from(message.slice(2), 'hex')))).toMatchObject({ error: { message: expect.stringContaining('not') } });
    expect(await reply()).toBe('waiting');
  });

  it('is not approved without the device: Approve answers the sign-in message to sign, and the site still waits', async () => {
    devnetNode({ value: 0 });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(connect);
    expect(await w.page('resolveApproval', { id: approvalId, approved: true, answer: [LEDGER] })).toMatchObject({ result: { approvalId, account: LEDGER, payload: { kind: 'message' } } });
    expect(await reply()).toBe('waiting');
  });
});

describe('Speed up and Cancel of a Ledger account’s pending transaction', () => {
  /** A sent transaction of the Ledger account at nonce 5, pending, then the wallet's own replacement request. */
  async function pendingThen(mode: 'speedUp' | 'cancel') {
    const node = devnetNode({ value: 5 });
    const w = await wallet();
    const sent = await w.ask({ method: 'eth_sendTransaction', params: [{ from: LEDGER, to: RECIPIENT, value: '0x1' }] });
    const { result } = await w.deviceRequest(sent.approvalId, 'market');
    const original = await signedBy(DEVICE, result?.payload);
    expect(await w.deviceSigned(sent.approvalId, original)).toEqual({ result: null });
    const batch = (await w.services.batches.all()).find((b) => b.origin === SITE)!;
    const hash = Transaction.from(original).hash as Hex;
    await askAsTheWallet(w.services, 'replaceTransaction', { origin: SITE, id: batch.id, hash, mode });
    const approval = (await w.services.approvals.pending()).at(-1)!;
    expect(approval.type).toBe('replaceTransaction');
    return { node, w, approvalId: approval.id, original: Transaction.from(original), batchId: batch.id };
  }

  it('speed up: the device signs the same transaction at the same nonce with both fees raised, and exactly those bytes are sent', async () => {
    const { node, w, approvalId, original, batchId } = await pendingThen('speedUp');
    const { result } = await w.deviceRequest(approvalId, 'fast');
    const unsigned = Transaction.from((result?.payload as { unsigned: string }).unsigned);
    expect({ to: unsigned.to, value: unsigned.value, nonce: unsigned.nonce, data: unsigned.data }).toEqual({ to: original.to, value: original.value, nonce: 5, data: original.data });
    expect(unsigned.maxFeePerGas! * 10n).toBeGreaterThanOrEqual(original.maxFeePerGas! * 11n);
    expect(node.sent).toHaveLength(1);
    const signed = await signedBy(DEVICE, result?.payload);
    expect(await w.deviceSigned(approvalId, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([original.serialized, signed]);
    const batch = (await w.services.batches.get(SITE, batchId))!;
    expect(batch.transactions.map((t) => t.hash)).toEqual([original.hash, Transaction.from(signed).hash]);
  });

  it('cancel: the device signs 0 to the account itself at the same nonce; a signature by another key is refused and nothing is sent', async () => {
    const { node, w, approvalId } = await pendingThen('cancel');
    const { result } = await w.deviceRequest(approvalId, 'market');
    const unsigned = Transaction.from((result?.payload as { unsigned: string }).unsigned);
    expect({ to: unsigned.to, value: unsigned.value, nonce: unsigned.nonce, data: unsigned.data }).toEqual({ to: LEDGER, value: 0n, nonce: 5, data: '0x' });
    expect(await w.deviceSigned(approvalId, await signedBy(OTHER, result?.payload))).toMatchObject({ error: { message: expect.stringContaining('not the transaction shown') } });
    expect(node.sent).toHaveLength(1);
    const signed = await signedBy(DEVICE, result?.payload);
    expect(await w.deviceSigned(approvalId, signed)).toEqual({ result: null });
    expect(node.sent.at(-1)).toBe(signed);
  });
});
