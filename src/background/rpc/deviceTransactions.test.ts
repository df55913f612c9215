/**
 * eth_sendTransaction (and the popup's Send, which asks through it) of a Ledger account: the window gets the unsigned
 * transaction at its final nonce and fees; only those bytes, signed by the account, are ever sent.
 */
import { Transaction, Wallet, getAddress } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DevicePayload } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import type { RpcRequest } from '../../shared/protocol';
import { DEFERRED } from './types';
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

  it('refuses a signed transaction that is not the one shown (any field changed: recipient, value, nonce, chain, data, gas, fees, access list, type, authorization list), and sends nothing', async () => {
    const node = devnetNode({ value: 0 });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(send);
    const { result } = await w.deviceRequest(approvalId);
    const changes = [
      (tx: Transaction) => void (tx.to = OTHER.address), (tx: Transaction) => void (tx.value = 2n * 10n ** 18n), (tx: Transaction) => void (tx.nonce = 1),
      (tx: Transaction) => void (tx.chainId = 1n), (tx: Transaction) => void (tx.data = '0xa9059cbb'), (tx: Transaction) => void (tx.gasLimit = 10n ** 6n),
      (tx: Transaction) => void (tx.maxFeePerGas = 10n ** 12n), (tx: Transaction) => void (tx.accessList = [{ address: OTHER.address, storageKeys: [] }]),
      (tx: Transaction) => Object.assign(tx, { maxFeePerGas: null, maxPriorityFeePerGas: null, type: 1, gasPrice: 3n * 10n ** 9n }),
      (tx: Transaction) => Object.assign(tx, { type: 4, authorizationList: [] }),
    ];
    for (const change of changes) {
      expect(await w.deviceSigned(approvalId, await signedBy(DEVICE, result?.payload, change))).toMatchObject({ error: { message: expect.stringContaining('not the transaction shown') } });
    }
    expect(await w.deviceSigned(approvalId, await signedBy(OTHER, result?.payload))).toMatchObject({ error: { message: expect.stringContaining('not the transaction shown') } });
    expect(node.sent).toEqual([]);
    expect(await reply()).toBe('waiting');
  });

  it('sends once when the same signed transaction comes back twice at the same time (two windows, a double click)', async () => {
    const node = devnetNode({ value: 2 });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(send);
    const { result } = await w.deviceRequest(approvalId);
    const signed = await signedBy(DEVICE, result?.payload);
    const answers = await Promise.all([w.deviceSigned(approvalId, signed), w.deviceSigned(approvalId, signed)]);
    expect(answers.filter((a) => a.error)).toHaveLength(1);
    expect(node.sent).toEqual([signed]);
    expect(await reply()).toEqual({ result: Transaction.from(signed).hash });
  });

  it('hands one payload to two asks at the same time (two windows, a double click), and the device signing it is accepted', async () => {
    const node = devnetNode({ value: 5 }, { reward: ['0x3b9aca00', '0x77359400', '0xb2d05e00'] });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(send);
    const [a, b] = await Promise.all([w.deviceRequest(approvalId, 'market'), w.deviceRequest(approvalId, 'fast')]);
    expect(b.result).toEqual(a.result);
    const signed = await signedBy(DEVICE, a.result?.payload);
    expect(await w.deviceSigned(approvalId, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([signed]);
    expect(await reply()).toEqual({ result: Transaction.from(signed).hash });
  });

  it('after a worker restart, hands the window the same transaction (the same nonce) and sends it once signed', async () => {
    const node = devnetNode({ value: 3 });
    const before = await wallet();
    const { approvalId } = await before.ask(send);
    const { result: asked } = await before.deviceRequest(approvalId, 'market');
    const after = await wallet(before.kept, false);
    const { result: again } = await after.deviceRequest(approvalId, 'market');
    expect(again).toEqual(asked);
    const signed = await signedBy(DEVICE, again?.payload);
    expect(await after.deviceSigned(approvalId, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([signed]);
  });

  it('refuses the signed transaction once the account used its nonce meanwhile (another wallet on the same device), so it never replaces that one; asked again, the next nonce', async () => {
    const nonce = { value: 3 };
    const node = devnetNode(nonce);
    const w = await wallet();
    const { approvalId, reply } = await w.ask(send);
    const { result } = await w.deviceRequest(approvalId, 'market');
    nonce.value = 4;
    expect(await w.deviceSigned(approvalId, await signedBy(DEVICE, result?.payload))).toMatchObject({ error: { message: expect.stringContaining('nonce 3') } });
    expect(node.sent).toEqual([]);
    expect(await reply()).toBe('waiting');
    const { result: again } = await w.deviceRequest(approvalId, 'market');
    expect(Transaction.from((again?.payload as { unsigned: string }).unsigned).nonce).toBe(4);
    const signed = await signedBy(DEVICE, again?.payload);
    expect(await w.deviceSigned(approvalId, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([signed]);
  });

});
