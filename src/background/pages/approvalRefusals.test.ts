/**
 * The approval window's refusals (pages/preview.ts, pages/approvals.ts, approvals/approvals.ts's settle) carry their
 * words, which say in English exactly what the code that refuses wrote: each is made here by that code, never copied.
 * A dapp still gets the English message alone.
 */
import { describe, expect, it } from 'vitest';
import { toErrorObject, type RpcError } from '../../shared/errors';
import { setup } from '../approvals/queue.fixture';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { Services } from '../services';
import { approvalPages } from './approvals';
import { approvalPreview } from './preview';
import { pageError } from './refusalWords';
import { saysInWords } from './refusals.fixture';

const DAPP = 'https://dapp.example';
const dappTab = { tabId: 3, frameId: 0, origin: DAPP, requestId: '1' };
const ID = '4c6f2a9e-1b7d-4f2a-9c3e-5d8b7a6f1e20';

/** Services holding `approval` (none when absent) and no batch. */
const services = (approval?: object) => ({
  approvals: { pending: async () => (approval ? [{ ...approval, id: ID, createdAt: 0 }] : []) },
  batches: fakeBatches([]),
  networks: { find: async () => undefined },
  deviceSigning: { needsDevice: async () => true, request: async () => null },
}) as unknown as Services;

describe('the words of a preview refused', () => {
  it('say no batch or transaction is waiting, the approval\'s id as written', async () => {
    expect(await saysInWords(approvalPreview(services(), ID))).toEqual({ key: 'errors_noApprovalBatch', values: { id: ID } });
    const connect = { type: 'connect', method: 'eth_requestAccounts', origin: DAPP, replyTo: dappTab, details: {} };
    expect(await saysInWords(approvalPreview(services(connect), ID))).toEqual({ key: 'errors_noApprovalBatch', values: { id: ID } });
  });

  it('say the batch of the approval is gone', async () => {
    const send = { type: 'sendCalls', method: 'wallet_sendCalls', origin: DAPP, replyTo: dappTab, details: { batchId: 'b' } };
    expect(await saysInWords(approvalPreview(services(send), ID))).toEqual({ key: 'errors_approvalBatchGone', values: { id: ID } });
  });
});

describe('the words of an Approve refused', () => {
  it('say a request the Ledger signs is approved there', async () => {
    const approve = approvalPages.resolveApproval.handle({ id: ID, approved: true, answer: undefined }, { services: services() } as never);
    expect(await saysInWords(approve)).toEqual({ key: 'errors_signOnLedger', values: { id: ID } });
  });

  it('say no approval with that id is pending', async () => {
    const { approvals } = setup();
    expect(await saysInWords(approvals.settle(ID, { approved: true }))).toEqual({ key: 'errors_noPendingApproval', values: { id: ID } });
  });
});

describe('a dapp', () => {
  it('gets the English message alone, the screens its words too', async () => {
    const refusal = (await approvalPreview(services(), ID).catch((error: RpcError) => error)) as RpcError;
    expect(toErrorObject(refusal)).toEqual({ code: -32602, message: refusal.message });
    expect(pageError(refusal).data).toMatchObject({ words: { key: 'errors_noApprovalBatch' } });
  });
});
