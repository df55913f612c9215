/**
 * A Ledger account's revocations, signed on the device: a token allowance's revoke (Approvals), "Revert to a plain
 * account" and the firewall's revert of a foreign delegation (an authorization to address zero in a type-4
 * transaction). Only what recovers to the account, over exactly what was asked, is ever sent.
 */
import { Interface, Transaction, ZeroAddress, getAddress } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { delegationCode } from '../../shared/contracts';
import type { DevicePayload } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import { askAsWallet } from './pipeline';
import { DEVICE, LEDGER, OTHER, devnetNode, wallet } from './deviceSigning.fixture';

afterEach(() => vi.unstubAllGlobals());

const WALLET = 'chrome-extension://wallet';
const DRAINER = getAddress('0x00000000000000000000000000000000000dead1') as Hex;
const TOKEN = getAddress('0x5fbdb2315678afecb367f032d93f642f64180aa3') as Hex;
const SPENDER = getAddress('0x70997970c51812dc3a64c3f2bf8f4d5a8b45d2c8') as Hex;

/** What the popup's pages ask as the wallet (pages/send.ts askUser); the approval it queued. */
async function askAsTheWallet(w: Awaited<ReturnType<typeof wallet>>, method: string, params: unknown) {
  await askAsWallet(method, params, { origin: WALLET, method, services: w.services, account: LEDGER, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' } });
  return (await w.services.approvals.pending()).at(-1)!;
}

/** The device's answer to a revocation: the authorization `signer` signs (to `target`), inside the transaction `key` signs. */
async function revocationSignedBy(key: typeof DEVICE, payload: DevicePayload | undefined, signer = key, target?: Hex): Promise<string> {
  if (payload?.kind !== 'upgrade') throw new Error(`not an authorization and its transaction: ${payload?.kind}`);
  const { address, chainId, nonce } = payload.authorization;
  const tx = Transaction.from(payload.unsigned);
  tx.authorizationList = [await signer.authorize({ address: target ?? address, chainId: BigInt(chainId), nonce: BigInt(nonce) })];
  return key.signTransaction(tx);
}

describe("a Ledger account's revocations", () => {
  it("revoke in Approvals: the allowance's approve(spender, 0) is the transaction the device signs, and only it is sent", async () => {
    const node = devnetNode({ value: 3 });
    const w = await wallet();
    const data = new Interface(['function approve(address,uint256)']).encodeFunctionData('approve', [SPENDER, 0n]);
    const approval = await askAsTheWallet(w, 'eth_sendTransaction', [{ from: LEDGER, to: TOKEN, value: '0x0', data }]);
    const { result } = await w.deviceRequest(approval.id, 'market');
    const unsigned = Transaction.from((result?.payload as { unsigned: string }).unsigned);
    expect({ to: unsigned.to, data: unsigned.data, nonce: unsigned.nonce }).toEqual({ to: TOKEN, data, nonce: 3 });
    expect(await w.deviceSigned(approval.id, await OTHER.signTransaction(unsigned))).toMatchObject({ error: { message: expect.stringContaining('not the transaction shown') } });
    expect(node.sent).toEqual([]);
    const signed = await DEVICE.signTransaction(unsigned);
    expect(await w.deviceSigned(approval.id, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([signed]);
  });

  it('Revert to a plain account: an authorization to address zero at the next nonce, in a type-4 transaction to itself, both signed on the device', async () => {
    const node = devnetNode({ value: 6 }, { code: delegationCode(DRAINER) });
    const w = await wallet();
    const approval = await askAsTheWallet(w, 'revokeDelegation', {});
    const { result } = await w.deviceRequest(approval.id, 'market');
    expect(result?.payload).toMatchObject({ kind: 'upgrade', authorization: { address: ZeroAddress, chainId: '0x7a69', nonce: '0x7' } });
    const unsigned = Transaction.from((result?.payload as { unsigned: string }).unsigned);
    expect({ type: unsigned.type, to: unsigned.to, nonce: unsigned.nonce, value: unsigned.value, data: unsigned.data }).toEqual({ type: 4, to: LEDGER, nonce: 6, value: 0n, data: '0x' });
    expect(await w.deviceSigned(approval.id, await revocationSignedBy(DEVICE, result?.payload, OTHER))).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    expect(await w.deviceSigned(approval.id, await revocationSignedBy(DEVICE, result?.payload, DEVICE, DRAINER))).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    expect(await w.deviceSigned(approval.id, await revocationSignedBy(OTHER, result?.payload, DEVICE))).toMatchObject({ error: { message: expect.stringContaining('not the transaction shown') } });
    expect(node.sent).toEqual([]);
    const signed = await revocationSignedBy(DEVICE, result?.payload);
    expect(await w.deviceSigned(approval.id, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([signed]);
  });

  it('Revert to a plain account signed once the account used its nonce meanwhile (another wallet on the same device): refused, never sent to replace that one', async () => {
    const nonce = { value: 6 };
    const node = devnetNode(nonce, { code: delegationCode(DRAINER) });
    const w = await wallet();
    const approval = await askAsTheWallet(w, 'revokeDelegation', {});
    const { result } = await w.deviceRequest(approval.id, 'market');
    nonce.value = 7;
    expect(await w.deviceSigned(approval.id, await revocationSignedBy(DEVICE, result?.payload))).toMatchObject({ error: { message: expect.stringContaining('nonce 6') } });
    expect(node.sent).toEqual([]);
    // Asked again: built anew at the next nonce.
    expect((await w.deviceRequest(approval.id, 'market')).result?.payload).toMatchObject({ authorization: { nonce: '0x8' } });
  });

  it("the firewall's revert of a foreign delegation, the Ledger account paying for itself: the same authorization and transaction, signed on the device", async () => {
    const node = devnetNode({ value: 2 }, { code: delegationCode(DRAINER) });
    const w = await wallet();
    const approval = await askAsTheWallet(w, 'revertForeignDelegation', { account: LEDGER });
    const { result } = await w.deviceRequest(approval.id, LEDGER);
    expect(result?.payload).toMatchObject({ kind: 'upgrade', authorization: { address: ZeroAddress, chainId: '0x7a69', nonce: '0x3' } });
    expect(await w.deviceSigned(approval.id, await revocationSignedBy(DEVICE, result?.payload, OTHER))).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    expect(node.sent).toEqual([]);
    const signed = await revocationSignedBy(DEVICE, result?.payload);
    expect(await w.deviceSigned(approval.id, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([signed]);
  });

  it("the firewall's revert of a Ledger account's foreign delegation paid by another account: refused with what to do (two keys would sign), nothing sent", async () => {
    const node = devnetNode({ value: 2 }, { code: delegationCode(DRAINER) });
    const w = await wallet();
    const approval = await askAsTheWallet(w, 'revertForeignDelegation', { account: LEDGER });
    expect(await w.deviceRequest(approval.id, OTHER.address)).toMatchObject({ error: { message: expect.stringContaining('choose it as the account that pays') } });
    expect(await w.page('resolveApproval', { id: approval.id, approved: true, answer: OTHER.address })).toMatchObject({ error: { message: expect.stringContaining('Ledger') } });
    expect(node.sent).toEqual([]);
  });
});
