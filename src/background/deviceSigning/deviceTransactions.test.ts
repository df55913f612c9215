/**
 * eth_sendTransaction (and the popup's Send, which asks through it) of a Ledger account: the window gets the unsigned
 * transaction at its final nonce and fees; only those bytes, signed by the account, are ever sent.
 */
import { Transaction, Wallet, getAddress } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DevicePayload } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import type { RpcRequest } from '../../shared/protocol';
import { DEFERRED } from '../rpc/types';
import { DEVICE, LEDGER, OTHER, devnetNode, wallet } from './deviceSigning.fixture';

afterEach(() => vi.unstubAllGlobals());

describe('eth_sendTransaction of a Ledger account', () => {
  const RECIPIENT = getAddress('0x70997970c51812dc3a64c3f2bf8f4d5a8b45d2c8') as Hex;
  const send: RpcRequest = { method: 'eth_sendTransaction', params: [{ from: LEDGER, to: RECIPIENT, value: '0xde0b6b3a7640000' }] };

  /** What a device gives back: the unsigned transaction, signed by `key`, optionally after changing it. */
  const signedBy = async (key: Wallet, payload: DevicePayload | undefined, change: (tx: Transaction) => void = () => undefined) => {
    if (payload?.kind !== 'transaction') throw new Error(`not a transaction: ${payload?.kind}`);
    const tx = Transaction.from(payload.unsigned);
    change(tx);
    return key.signTransaction(tx);
  };

  it('hands the window the transaction at its final nonce, fees and chain, sends exactly the device-signed bytes and answers their hash', async () => {
    const nonce = { value: 7 };
    const node = devnetNode(nonce);
    const w = await wallet();
    const { first, approvalId, reply } = await w.ask(send);
    expect(first).toBe(DEFERRED);
    const { result } = await w.deviceRequest(approvalId, 'fast');
    const unsigned = Transaction.from((result?.payload as { unsigned: string }).unsigned);
    expect({ to: unsigned.to, value: unsigned.value, nonce: unsigned.nonce, chainId: unsigned.chainId, type: unsigned.type, signed: unsigned.isSigned() })
      .toEqual({ to: RECIPIENT, value: 10n ** 18n, nonce: 7, chainId: 31337n, type: 2, signed: false });
    expect(node.sent).toEqual([]);
    const signed = await signedBy(DEVICE, result?.payload);
    expect(await w.deviceSigned(approvalId, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([signed]);
    expect(await reply()).toEqual({ result: Transaction.from(signed).hash });
  });

  it('refuses a signed transaction that is not the one shown (another recipient, value or nonce), and sends nothing', async () => {
    const node = devnetNode({ value: 0 });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(send);
    const { result } = await w.deviceRequest(approvalId);
    for (const change of [(tx: Transaction) => void (tx.to = OTHER.address), (tx: Transaction) => void (tx.value = 2n * 10n ** 18n), (tx: Transaction) => void (tx.nonce = 1)]) {
      expect(await w.deviceSigned(approvalId, await signedBy(DEVICE, result?.payload, change))).toMatchObject({ error: { message: expect.stringContaining('not the transaction shown') } });
    }
    expect(await w.deviceSigned(approvalId, await signedBy(OTHER, result?.payload))).toMatchObject({ error: { message: expect.stringContaining('not the transaction shown') } });
    expect(node.sent).toEqual([]);
    expect(await reply()).toBe('waiting');
  });

  it('after a worker restart, hands the window the same transaction (the same nonce) though the account sent another meanwhile', async () => {
    const nonce = { value: 3 };
    const node = devnetNode(nonce);
    const before = await wallet();
    const { approvalId } = await before.ask(send);
    const { result: asked } = await before.deviceRequest(approvalId, 'market');
    nonce.value = 4;
    const after = await wallet(before.kept, false);
    const { result: again } = await after.deviceRequest(approvalId, 'market');
    expect(again).toEqual(asked);
    const signed = await signedBy(DEVICE, again?.payload);
    expect(await after.deviceSigned(approvalId, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([signed]);
  });
});
