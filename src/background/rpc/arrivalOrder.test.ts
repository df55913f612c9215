/**
 * The approval queue lists requests in the order the worker received them, as MetaMask does, not in the order their
 * plans were ready: two batches sent back to back keep their places when the second is planned first.
 */
import { describe, expect, it, vi } from 'vitest';
import { LOCAL_DEVNET } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { createApprovals } from '../approvals/approvals';
import { ANSWERED_DEFAULTS, APPROVALS_DEFAULTS, PLANNING_DEFAULTS } from '../approvals/types';
import { createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS } from '../batches/types';
import { lazyTransactionCode } from '../batches/lazyTransactionCode';
import { lazyUsdcBatchCode } from '../batches/lazyUsdcBatchCode';
import { lazyUserOperationCode } from '../batches/lazyUserOperationCode';
import { lazyAllowanceCode } from '../allowances/lazyAllowanceCode';
import { SIGNED_GRANTS_DEFAULTS, createSignedGrants } from '../allowances/signedGrants';
import { describeCall, type CallInput } from '../calls/describe';
import { loadLater } from '../loadLater';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { connectedSite } from './connectedSite.fixture';
import { runRequest } from './pipeline';
import { plainChainNode } from './plainChainNode.fixture';

const SITE = 'https://dapp.example';
const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const node = plainChainNode;

/** Each batch's review (part of its plan) waits until the test lets it go, by the value its call sends. */
async function setup() {
  const reviews = new Map<string, () => void>();
  const reviewed = (value: string) => new Promise<void>((resolve) => reviews.set(value, resolve));
  const gates = { '0x1': reviewed('0x1'), '0x2': reviewed('0x2') };
  const approvals = createApprovals({
    local: typedStorage(memoryBackend(), APPROVALS_DEFAULTS),
    session: typedStorage(memoryBackend(), { ...ANSWERED_DEFAULTS, ...PLANNING_DEFAULTS }),
    sealer: createSealer(memoryKeyStore()),
    window: { show: async () => undefined, restore: async () => undefined, closeIfIdle: async () => undefined },
    finisher: { onDecided: async () => ({ result: null }) },
    reply: async () => undefined,
  });
  const { services } = await connectedSite(SITE, FROM, {
    approvals,
    batches: createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore())),
    accounts: { selected: async () => FROM, list: async () => [{ address: FROM, index: 0, name: 'Account 1' }], ledgerPath: async () => undefined },
    networks: { selected: async () => LOCAL_DEVNET },
    nodeFor: async () => node,
    previews: { of: () => undefined },
    reviewCalls: async (calls: CallInput[]) => (await gates[calls[0].value as '0x1' | '0x2'], Promise.all(calls.map(describeCall))),
    transactionCode: lazyTransactionCode(loadLater),
    usdcBatchCode: lazyUsdcBatchCode(loadLater),
    userOperationCode: lazyUserOperationCode(loadLater),
    allowanceCode: lazyAllowanceCode(loadLater),
    signedGrants: createSignedGrants(typedStorage(memoryBackend(), SIGNED_GRANTS_DEFAULTS), createSealer(memoryKeyStore())),
  });
  const send = (n: 1 | 2) => {
    const params = [{ version: '2.0.0', id: `order-${n}`, chainId: LOCAL_DEVNET.chainId, from: FROM, atomicRequired: false, calls: [{ to: TO, value: `0x${n}` }] }];
    return runRequest({ method: 'wallet_sendCalls', params }, { origin: SITE, method: 'wallet_sendCalls', replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: `r${n}` }, services });
  };
  /** The requests waiting, once `count` are queued: the first plan loads the later script's code (about a second alone). */
  const queued = (count: number) => vi.waitFor(async () => {
    const pending = await approvals.pending();
    expect(pending).toHaveLength(count);
    return pending.map((a) => a.replyTo.requestId);
  }, { timeout: 10_000 });
  return { send, release: (value: string) => reviews.get(value)!(), queued };
}

describe('the approval queue\'s order', () => {
  it('is the order the requests arrived in: the second batch planned first still comes second', async () => {
    const { send, release, queued } = await setup();
    void send(1);
    void send(2);
    release('0x2');
    expect(await queued(1)).toEqual(['r2']);
    release('0x1');
    expect(await queued(2)).toEqual(['r1', 'r2']);
  });
});
