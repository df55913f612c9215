/**
 * A sponsored batch of a Ledger account: its userOp, with the paymaster's final data, signed on the device as EIP-712
 * (the digest is the userOp hash); an account not yet delegated signs the authorization to the Ledger app's delegate
 * first. Only what recovers to the account, over exactly what was built, ever reaches the bundler.
 */
import { Signature, TypedDataEncoder } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import { userOperationHash } from '../../shared/erc4337';
import type { RpcRequest } from '../../shared/protocol';
import { DEFERRED } from './types';
import { DEVICE, LEDGER, OTHER, wallet } from './deviceSigning.fixture';
import { PAYMASTER, signedBy, sponsoredCalls, sponsoredNode, userOperationOf } from './deviceUserOperation.fixture';

afterEach(() => vi.unstubAllGlobals());

/** A Ledger account with `code` whose first sponsored batch the device signed and the bundler took, not run yet (EntryPoint nonce 5). */
async function firstSent(code: string) {
  const chain = { code, entryPointNonce: 5 };
  const node = sponsoredNode('0x', { value: 2 }, chain);
  const w = await wallet();
  const first = await w.ask(sponsoredCalls(1));
  const payload = userOperationOf((await w.deviceRequest(first.approvalId)).result?.payload);
  expect(await w.deviceSigned(first.approvalId, await signedBy(DEVICE, payload))).toEqual({ result: null });
  return { chain, node, w };
}

describe('a sponsored batch of a Ledger account', () => {
  it('not delegated yet: the authorization to the Ledger app’s delegate and the userOp with the final paymaster data, signed on the device, then sent as signed', async () => {
    const node = sponsoredNode();
    const w = await wallet();
    const { first, approvalId, reply } = await w.ask(sponsoredCalls());
    expect(first).toBe(DEFERRED);
    const payload = userOperationOf((await w.deviceRequest(approvalId)).result?.payload);
    expect(payload).toMatchObject({ authorization: { address: LEDGER_7702_ACCOUNT, chainId: '0x7a69', nonce: '0x2' }, sponsor: { name: 'Devnet Paymaster', paymaster: PAYMASTER } });
    expect({ sender: payload.operation.sender, paymasterData: payload.operation.paymasterData, delegate: payload.operation.eip7702Auth?.address }).toEqual({ sender: LEDGER, paymasterData: '0x02', delegate: LEDGER_7702_ACCOUNT });
    const { EIP712Domain: _domain, ...types } = payload.typedData.types;
    expect(TypedDataEncoder.hash(payload.typedData.domain, types, payload.typedData.message)).toBe(userOperationHash(payload.operation, '0x7a69'));
    expect(payload.userOpHash).toBe(userOperationHash(payload.operation, '0x7a69'));
    // Before the approval too, the paymaster was shown the upgrade to the delegate the device will sign for.
    expect(node.stubbed.map((op) => op.eip7702Auth?.address)).toEqual([LEDGER_7702_ACCOUNT, LEDGER_7702_ACCOUNT]);
    // The paymaster was asked for everything before the device signed: nothing after may change what it signs.
    const askedBeforeSigning = node.asked.length;

    const signature = await signedBy(DEVICE, payload);
    expect(await w.deviceSigned(approvalId, signature)).toEqual({ result: null });
    expect(await reply()).toMatchObject({ result: { id: expect.any(String) } });
    expect(node.asked.slice(askedBeforeSigning).filter((m) => m.startsWith('pm_'))).toEqual([]);
    expect(node.operations).toHaveLength(1);
    const [sent] = node.operations;
    const authorization = Signature.from(`0x${signature.slice(2, 132)}`);
    expect(sent).toEqual({
      ...payload.operation,
      signature: `0x${signature.slice(132)}`,
      eip7702Auth: { address: LEDGER_7702_ACCOUNT, chainId: '0x7a69', nonce: '0x2', r: authorization.r, s: authorization.s, yParity: `0x${authorization.yParity}` },
    });
  });

  it('delegated to the Ledger app’s delegate: the userOp alone, no authorization', async () => {
    const node = sponsoredNode(delegationCode(LEDGER_7702_ACCOUNT));
    const w = await wallet();
    const { approvalId } = await w.ask(sponsoredCalls(1));
    const payload = userOperationOf((await w.deviceRequest(approvalId)).result?.payload);
    expect({ authorization: payload.authorization, factory: payload.operation.factory }).toEqual({ authorization: undefined, factory: undefined });
    expect(await w.deviceSigned(approvalId, await signedBy(DEVICE, payload))).toEqual({ result: null });
    expect(node.operations.map((op) => op.signature)).toEqual([await signedBy(DEVICE, payload)]);
  });

  it('refuses a userOp another key signed, or an authorization for another key, delegate or chain, and sends nothing to the bundler', async () => {
    const node = sponsoredNode();
    const w = await wallet();
    const { approvalId, reply } = await w.ask(sponsoredCalls());
    const payload = (await w.deviceRequest(approvalId)).result?.payload;
    expect(await w.deviceSigned(approvalId, await signedBy(OTHER, payload, DEVICE))).toMatchObject({ error: { message: expect.stringContaining('userOp') } });
    expect(await w.deviceSigned(approvalId, await signedBy(DEVICE, payload, OTHER))).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    expect(await w.deviceSigned(approvalId, await signedBy(DEVICE, payload, DEVICE, { address: SIMPLE_7702_ACCOUNT }))).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    expect(await w.deviceSigned(approvalId, await signedBy(DEVICE, payload, DEVICE, { chainId: 1n }))).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    expect(await w.deviceSigned(approvalId, `0x${'11'.repeat(65)}`)).toMatchObject({ error: { message: expect.stringContaining('authorization') } });
    // The same userOp signed for another EntryPoint or another chain: not this userOp's hash.
    const op = userOperationOf(payload);
    for (const domain of [{ ...op.typedData.domain, verifyingContract: SIMPLE_7702_ACCOUNT }, { ...op.typedData.domain, chainId: '0x1' }]) {
      expect(await w.deviceSigned(approvalId, await signedBy(DEVICE, { ...op, typedData: { ...op.typedData, domain } }))).toMatchObject({ error: { message: expect.stringContaining('userOp') } });
    }
    // The two signatures' split: a byte more or less, or the userOp's alone, is no answer.
    const good = await signedBy(DEVICE, payload);
    for (const bad of [`${good}00`, good.slice(0, -2), `0x${good.slice(132)}`]) {
      expect(await w.deviceSigned(approvalId, bad)).toMatchObject({ error: { message: expect.stringContaining('130 bytes') } });
    }
    expect(node.asked).not.toContain('eth_sendUserOperation');
    expect(await reply()).toBe('waiting');
  });

  it("a second batch approved while the first's userOp has not run yet waits for it on chain, then is built at the next EntryPoint nonce, without the upgrade the first carried", async () => {
    const { chain, node, w } = await firstSent('0x');
    // Planned before the first ran: an upgrade, at the nonce the chain still reads.
    const second = await w.ask(sponsoredCalls(2));
    let built = false;
    const request = w.deviceRequest(second.approvalId).then((answer) => ((built = true), answer));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(built).toBe(false);
    // The first runs: its EntryPoint nonce is used and the account is delegated.
    Object.assign(chain, { code: delegationCode(LEDGER_7702_ACCOUNT), entryPointNonce: 6 });
    const payload = userOperationOf((await request).result?.payload);
    expect({ nonce: BigInt(payload.operation.nonce), authorization: payload.authorization, eip7702Auth: payload.operation.eip7702Auth }).toEqual({ nonce: 6n, authorization: undefined, eip7702Auth: undefined });
    expect(await w.deviceSigned(second.approvalId, await signedBy(DEVICE, payload))).toEqual({ result: null });
    expect(node.operations.map((op) => BigInt(op.nonce))).toEqual([5n, 6n]);
  });

  it.each([
    ['', false],
    [', not even as the batch its dapp sent again under the same id', true],
  ])("a batch rejected while it waits for the previous userOp is not built%s: no paymaster is asked to sponsor it", async (_, sentAgain) => {
    const { chain, node, w } = await firstSent(delegationCode(LEDGER_7702_ACCOUNT));
    const withId = (request: RpcRequest): RpcRequest => (sentAgain ? { ...request, params: [{ ...(request.params as object[])[0], id: 'same' }] } : request);
    const second = await w.ask(withId(sponsoredCalls(2)));
    const request = w.deviceRequest(second.approvalId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await w.page('resolveApproval', { id: second.approvalId, approved: false })).toMatchObject({ result: null });
    if (sentAgain) await w.ask(withId(sponsoredCalls(3)));
    const asked = node.asked.filter((m) => m === 'pm_getPaymasterData').length;
    chain.entryPointNonce = 6;
    expect(await request).toMatchObject({ error: { message: expect.stringContaining('no longer waiting') } });
    expect(node.asked.filter((m) => m === 'pm_getPaymasterData').length).toBe(asked);
  });

  it('refuses an upgrade whose authorization nonce the account used since it was built, sends nothing, and builds it anew when asked again', async () => {
    const nonce = { value: 2 };
    const node = sponsoredNode('0x', nonce);
    const w = await wallet();
    const { approvalId, reply } = await w.ask(sponsoredCalls());
    const payload = (await w.deviceRequest(approvalId)).result?.payload;
    nonce.value = 3;
    expect(await w.deviceSigned(approvalId, await signedBy(DEVICE, payload))).toMatchObject({ error: { message: expect.stringContaining('nonce 2') } });
    expect(node.asked).not.toContain('eth_sendUserOperation');
    expect(await reply()).toBe('waiting');
    expect(userOperationOf((await w.deviceRequest(approvalId)).result?.payload).authorization?.nonce).toBe('0x3');
  });

  it('never has the device sign an upgrade for an account delegated elsewhere since the batch was planned (it would replace that delegation)', async () => {
    sponsoredNode();
    const w = await wallet();
    const { approvalId } = await w.ask(sponsoredCalls());
    const node = sponsoredNode(delegationCode('0x000000009B1D0aF20D8C6d0A44e162d11F9b8f00'));
    expect(await w.deviceRequest(approvalId)).toMatchObject({ error: { message: expect.stringContaining('code changed') } });
    expect(node.asked.filter((m) => m.startsWith('pm_') || m.includes('UserOperation'))).toEqual([]);
  });
});
