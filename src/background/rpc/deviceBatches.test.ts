/**
 * wallet_sendCalls of a Ledger account: an atomic batch is one transaction to the account itself, signed on the device;
 * an account not yet delegated is upgraded in it to the Ledger app's Simple7702Account, with an authorization signed on
 * the device too. Only what recovers to the account, over exactly what was asked, is ever sent.
 */
import { Transaction } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import { DEFERRED } from './types';
import { DEVICE, LEDGER, OTHER, devnetNode, ledgerSendCalls, upgradeSignedBy, wallet } from './deviceSigning.fixture';

afterEach(() => vi.unstubAllGlobals());

const sendCalls = ledgerSendCalls;

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

  it('never has the device sign an upgrade to, or a batch run by, a delegate with no code on the chain (the transaction would succeed and do nothing)', async () => {
    const plain = devnetNode({ value: 2 }, { delegateCode: '0x' });
    const w = await wallet();
    const upgrade = await w.ask(sendCalls(true));
    expect(await w.deviceRequest(upgrade.approvalId)).toMatchObject({ error: { message: expect.stringContaining(`no code at ${LEDGER_7702_ACCOUNT}`) } });
    devnetNode({ value: 2 }, { code: delegationCode(LEDGER_7702_ACCOUNT), delegateCode: '0x' });
    const delegated = await w.ask(sendCalls(true));
    expect(await w.deviceRequest(delegated.approvalId)).toMatchObject({ error: { message: expect.stringContaining(`no code at ${LEDGER_7702_ACCOUNT}`) } });
    expect(plain.sent).toEqual([]);
  });

  it('never has the device sign a batch for an account whose code changed since it was planned (revoked: the batch would do nothing; delegated elsewhere: the upgrade would replace it)', async () => {
    devnetNode({ value: 4 }, { code: delegationCode(LEDGER_7702_ACCOUNT) });
    const w = await wallet();
    const delegated = await w.ask(sendCalls(true));
    devnetNode({ value: 4 });
    expect(await w.deviceRequest(delegated.approvalId)).toMatchObject({ error: { message: expect.stringContaining('code changed') } });
    const plain = await w.ask(sendCalls(true));
    const node = devnetNode({ value: 5 }, { code: delegationCode('0x000000009B1D0aF20D8C6d0A44e162d11F9b8f00') });
    expect(await w.deviceRequest(plain.approvalId)).toMatchObject({ error: { message: expect.stringContaining('code changed') } });
    expect(node.sent).toEqual([]);
  });

  it('refuses an authorization for chain 0 (valid on every chain), another chain or another nonce, or a second one beside it, and sends nothing', async () => {
    const node = devnetNode({ value: 2 });
    const w = await wallet();
    const { approvalId, reply } = await w.ask(sendCalls(true));
    const { result } = await w.deviceRequest(approvalId);
    if (result?.payload.kind !== 'upgrade') throw new Error('not an upgrade');
    const { address, chainId, nonce } = result.payload.authorization;
    for (const changed of [{ chainId: 0n }, { chainId: 1n }, { nonce: BigInt(nonce) + 1n }, { nonce: BigInt(nonce) - 1n }]) {
      const authorization = await DEVICE.authorize({ address, chainId: BigInt(chainId), nonce: BigInt(nonce), ...changed });
      const tx = Transaction.from(result.payload.unsigned);
      tx.authorizationList = [authorization];
      expect(await w.deviceSigned(approvalId, await DEVICE.signTransaction(tx))).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    }
    // The one asked for, with another beside it.
    const tx = Transaction.from(result.payload.unsigned);
    const asked = { address, chainId: BigInt(chainId), nonce: BigInt(nonce) };
    tx.authorizationList = [await DEVICE.authorize(asked), await DEVICE.authorize({ ...asked, chainId: 0n })];
    expect(await w.deviceSigned(approvalId, await DEVICE.signTransaction(tx))).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    expect(node.sent).toEqual([]);
    expect(await reply()).toBe('waiting');
  });

  it('refuses an upgrade signed once the account used its nonce meanwhile (another wallet on the same device), so it never replaces that one; asked again, the next nonces', async () => {
    const nonce = { value: 2 };
    const node = devnetNode(nonce);
    const w = await wallet();
    const { approvalId, reply } = await w.ask(sendCalls(true));
    const { result } = await w.deviceRequest(approvalId);
    nonce.value = 3;
    expect(await w.deviceSigned(approvalId, await upgradeSignedBy(DEVICE, result?.payload))).toMatchObject({ error: { message: expect.stringContaining('nonce 2') } });
    expect(node.sent).toEqual([]);
    expect(await reply()).toBe('waiting');
    const { result: again } = await w.deviceRequest(approvalId);
    expect(again?.payload).toMatchObject({ kind: 'upgrade', authorization: { nonce: '0x4' } });
    const signed = await upgradeSignedBy(DEVICE, again?.payload);
    expect(await w.deviceSigned(approvalId, signed)).toEqual({ result: null });
    expect(node.sent).toEqual([signed]);
  });

  it('refuses a delegated account’s batch signed once its nonce was used meanwhile', async () => {
    const nonce = { value: 4 };
    const node = devnetNode(nonce, { code: delegationCode(LEDGER_7702_ACCOUNT) });
    const w = await wallet();
    const { approvalId } = await w.ask(sendCalls(true));
    const { result } = await w.deviceRequest(approvalId);
    const unsigned = Transaction.from((result?.payload as { unsigned: string }).unsigned);
    unsigned.signature = DEVICE.signingKey.sign(unsigned.unsignedHash);
    nonce.value = 5;
    expect(await w.deviceSigned(approvalId, unsigned.serialized)).toMatchObject({ error: { message: expect.stringContaining('nonce 4') } });
    expect(node.sent).toEqual([]);
  });

  it('never re-delegates an account another contract runs (another wallet’s delegate): a batch that does not require atomicity is refused (5760), not an upgrade', async () => {
    const node = devnetNode({ value: 3 }, { code: delegationCode('0x000000009B1D0aF20D8C6d0A44e162d11F9b8f00') });
    const w = await wallet();
    const { first } = await w.ask(sendCalls(false));
    expect(first).toMatchObject({ error: { code: 5760, message: expect.stringContaining('already has code') } });
    expect(await w.services.approvals.pending()).toEqual([]);
    expect(node.sent).toEqual([]);
  });
});
