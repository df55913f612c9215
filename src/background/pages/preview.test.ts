/** The approval window's preview finds the batch an approval runs through its method's spec (`batchOf`), for every type that runs one. */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import type { Services } from '../services';
import { approvalPreview } from './preview';

const DAPP = 'https://dapp.example';
const WALLET = 'chrome-extension://wallet';
const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const HASH: Hex = `0x${'ab'.repeat(32)}`;
const dappTab = { tabId: 3, frameId: 0, origin: DAPP, requestId: '1' };
const walletPage = { tabId: -1, frameId: 0, origin: WALLET, requestId: '' };

const batch = (origin: string, id: string): BatchRecord => ({
  id, origin, chainId: '0x7a69', from: FROM, atomic: false, upgrade: false, state: 'sent', createdAt: 0,
  calls: [{ to: TO, value: '0x1', data: '0x' }, { to: TO, value: '0x2', data: '0x' }], gasLimits: ['0x5208', '0x5209'],
  transactions: [{ hash: HASH, raw: '0x', nonce: 4, calls: [1], sent: true }],
});

/** Services holding `approval` and two batches; returns the batch the preview was asked for. */
async function previewed(approval: Omit<ApprovalRecord, 'id' | 'createdAt'>, altered = false): Promise<BatchRecord> {
  const stored = [batch(DAPP, 'b'), batch(WALLET, 'w')];
  let asked: BatchRecord | undefined;
  const services = {
    approvals: { pending: async () => [{ ...approval, id: 'a', createdAt: 0 }] },
    batches: fakeBatches(stored, () => altered),
    networks: { find: async () => ({ name: 'Test chain', nativeCurrency: { symbol: 'ETH' } }) },
    nodeFor: async () => async () => undefined,
    previews: { of: async (b: BatchRecord) => ((asked = b), { calls: [] }) },
  } as unknown as Services;
  await approvalPreview(services, 'a');
  return asked!;
}

describe('approvalPreview', () => {
  it.each([
    ['wallet_sendCalls', 'sendCalls', DAPP, dappTab, 'b'],
    ['eth_sendTransaction', 'sendTransaction', DAPP, dappTab, 'b'],
    ['revokeDelegation', 'revokeDelegation', WALLET, walletPage, 'w'],
  ] as const)('previews the batch %s asked to run', async (method, type, origin, replyTo, id) => {
    const shown = await previewed({ type, method, origin, replyTo, details: { batchId: id } } as never);
    expect([shown.origin, shown.id, shown.calls]).toEqual([origin, id, batch(origin, id).calls]);
  });

  it('previews a Speed up as its replacement of the pending transaction runs it, in the batch it names', async () => {
    const shown = await previewed({ type: 'replaceTransaction', method: 'replaceTransaction', origin: WALLET, replyTo: walletPage, details: { batchOrigin: DAPP, batchId: 'b', hash: HASH, mode: 'speedUp', gasLimit: '21001' } } as never);
    expect([shown.origin, shown.id, shown.calls, shown.gasLimits]).toEqual([DAPP, 'b', [batch(DAPP, 'b').calls[1]], ['0x5209']]);
  });

  it('previews a Cancel as the 0-value transfer to the account itself, with the gas its review priced', async () => {
    const shown = await previewed({ type: 'replaceTransaction', method: 'replaceTransaction', origin: WALLET, replyTo: walletPage, details: { batchOrigin: DAPP, batchId: 'b', hash: HASH, mode: 'cancel', gasLimit: '27780' } } as never);
    expect(shown.calls).toEqual([{ to: FROM, value: '0x0', data: '0x' }]);
    // A delegated account's receive runs on it: the preview runs out of gas where the chain would, no sooner.
    expect(shown.gasLimits).toEqual(['0x6c84']);
  });

  it('previews no record the wallet did not write as it stands: a content script (storage.local, Firefox) that put its copy of harmless calls under a waiting batch\'s key while the window asked had the copy simulated, its balance changes shown beside the words of the batch that runs', async () => {
    await expect(previewed({ type: 'sendCalls', method: 'wallet_sendCalls', origin: DAPP, replyTo: dappTab, details: { batchId: 'b' } } as never, true))
      .rejects.toMatchObject({ code: -32602 });
  });

  it('answers -32602 for an approval that runs no batch', async () => {
    await expect(previewed({ type: 'connect', method: 'eth_requestAccounts', origin: DAPP, replyTo: dappTab, details: {} } as never))
      .rejects.toMatchObject({ code: -32602, message: 'No batch or transaction a is waiting for approval' });
  });

  it('answers -32602 for a wallet method asked from a tab (no spec finishes it, so none names its batch)', async () => {
    await expect(previewed({ type: 'revokeDelegation', method: 'revokeDelegation', origin: DAPP, replyTo: dappTab, details: { batchId: 'b' } } as never))
      .rejects.toMatchObject({ code: -32602 });
  });
});
