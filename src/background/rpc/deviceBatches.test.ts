/**
 * wallet_sendCalls of a Ledger account: an atomic batch is one transaction to the account itself, signed on the device;
 * an account not yet delegated is upgraded in it to the Ledger app's Simple7702Account, with an authorization signed on
 * the device too. Only what recovers to the account, over exactly what was asked, is ever sent.
 */
import { Transaction, Wallet, getAddress } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import type { DevicePayload } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import type { RpcRequest } from '../../shared/protocol';
import { DEFERRED } from './types';
import { DEVICE, LEDGER, OTHER, devnetNode, wallet } from './deviceSigning.fixture';

afterEach(() => vi.unstubAllGlobals());

const RECIPIENT = getAddress('0x70997970c51812dc3a64c3f2bf8f4d5a8b45d2c8') as Hex;
const sendCalls = (atomicRequired: boolean, calls = 2, capabilities?: object): RpcRequest => ({
  method: 'wallet_sendCalls',
  params: [{ version: '2.0.0', chainId: '0x7a69', from: LEDGER, atomicRequired, calls: Array.from({ length: calls }, (_, i) => ({ to: RECIPIENT, value: `0x${(i + 1).toString(16)}` })), ...(capabilities ? { capabilities } : {}) }],
});

/** The device's answer to an upgrade: the authorization `signer` signs (for `delegate`), inside the transaction `key` signs. */
async function upgradeSignedBy(key: Wallet, payload: DevicePayload | undefined, signer = key, delegate?: Hex): Promise<string> {
  if (payload?.kind !== 'upgrade') throw new Error(`not an upgrade: ${payload?.kind}`);
  const { address, chainId, nonce } = payload.authorization;
  const authorization = await signer.authorize({ address: delegate ?? address, chainId: BigInt(chainId), nonce: BigInt(nonce) });
  const tx = Transaction.from(payload.unsigned);
  tx.authorizationList = [authorization];
  return key.signTransaction(tx);
}

describe('wallet_sendCalls of a Ledger account', () => {
  it('delegated to the Ledger app’s Simple7702Account: one transaction to itself, signed on the device, sent as signed', async () => {
    const node = devnetNode({ value: 4 }, { code: delegationCode(LEDGER_7702_ACCOUNT) });
    const w = await wallet();
    const { first, approvalId, reply } = await w.ask(sendCalls(true));
    expect(first).toBe(DEFERRED);
    const { result } = await w.deviceRequest(approvalId);
    expect(result?.payload.kind).toBe('transaction');
    const unsigned = Transaction.from((result?.payload as { unsigned: string }).unsigned);
    expect({ to: unsigned.to, nonce: unsigned.nonce, type: unsigned.type, selector: unsigned.data.slice(0, 10) }).toEqual({ to: LEDGER, nonce: 4, type: 2, selector: '0x34fcd5be' });
    unsigned.signature = DEVICE.signingKey.sign(unsigned.unsignedHash);
    expect(await w.deviceSigned(approvalId, unsigned.serialized)).toEqual({ result: null });
    expect(node.sent).toEqual([unsigned.serialized]);
    expect(await reply()).toMatchObject({ result: { id: expect.any(String) } });
  });

  it('not delegated yet: the upgrade to the Ledger app’s delegate, its authorization at the next nonce, signed on the device', async () => {
    const node = devnetNode({ value: 2 });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(sendCalls(true));
    const { result } = await w.deviceRequest(approvalId);
    expect(result?.payload).toMatchObject({ kind: 'upgrade', authorization: { address: LEDGER_7702_ACCOUNT, chainId: '0x7a69', nonce: '0x3' } });
    const signed = await upgradeSignedBy(DEVICE, result?.payload);
    expect(await w.deviceSigned(approvalId, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([signed]);
    const sent = Transaction.from(signed);
    expect({ type: sent.type, to: sent.to, nonce: sent.nonce, delegate: sent.authorizationList?.[0].address }).toEqual({ type: 4, to: LEDGER, nonce: 2, delegate: LEDGER_7702_ACCOUNT });
    expect(await reply()).toMatchObject({ result: { id: expect.any(String) } });
  });

  it('runs a batch that does not require atomicity the same way on a chain with EIP-7702 (one upgrade, not a signature per call)', async () => {
    devnetNode({ value: 0 });
    const w = await wallet();
    const { approvalId } = await w.ask(sendCalls(false));
    expect((await w.deviceRequest(approvalId)).result?.payload.kind).toBe('upgrade');
  });

  it('refuses an authorization another key signed, or one for another delegate, and sends nothing', async () => {
    const node = devnetNode({ value: 0 });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(sendCalls(true));
    const { result } = await w.deviceRequest(approvalId);
    expect(await w.deviceSigned(approvalId, await upgradeSignedBy(DEVICE, result?.payload, OTHER))).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    expect(await w.deviceSigned(approvalId, await upgradeSignedBy(DEVICE, result?.payload, DEVICE, SIMPLE_7702_ACCOUNT))).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    expect(await w.deviceSigned(approvalId, await upgradeSignedBy(OTHER, result?.payload, DEVICE))).toMatchObject({ error: { message: expect.stringContaining('not the transaction shown') } });
    expect(node.sent).toEqual([]);
    expect(await reply()).toBe('waiting');
  });
});
