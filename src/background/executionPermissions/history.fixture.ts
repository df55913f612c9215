/**
 * Activity's history as a page can flush it, for unit tests: the wallet's own batch store (its records as a content
 * script sees them in storage.local), the wallet's revoke of a grant in it, and a page's wallet_sendCalls, which are
 * stored before any window (../rpc/sendCallsPlan.ts) and make the store drop its oldest finished batches to fit its
 * bytes (../batches/store.ts).
 */
import { expect } from 'vitest';
import type { Hex } from '../../shared/params';
import { MAX_BATCHES_BYTES } from '../batches/room';
import { createBatchStore, type BatchDecisions, type BatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord, type BatchesSlice } from '../batches/types';
import { utf8Length } from '../storage/bytes';
import { canonicalJson, createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage, type TypedStorage } from '../storage/typedStorage';
import { frameworkOn } from './framework';
import { revokeCall } from './onChain';
import type { GrantRecord } from './store';

export const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const WALLET = 'chrome-extension://wallet';
export const SITE = 'https://dapp.example';
/** The params a page's request may carry (../rpc/pipeline.ts MAX_PARAMS_BYTES): a batch's calldata as hex fits in them. */
const MAX_PARAMS_BYTES = 1_000_000;
/** A flush signs and measures 4 MB of records: seconds on a loaded machine. */
export const FLUSH_TIMEOUT_MS = 30_000;

/** A grant of SITE on the devnet's own DelegationManager (revokeCall refuses any other). */
export const siteGrant = (n: number): GrantRecord => ({
  id: `0x${n.toString(16).padStart(64, '0')}`, origin: SITE, chainId: '0x7a69', from: ACCOUNT, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x1', startTime: 1, justification: '' } }, rules: [],
  token: { symbol: 'ETH', decimals: 18 }, delegationManager: frameworkOn(31337)!.delegationManager, context: `0x0${n}`, grantedAt: n,
  delegation: { delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', delegator: ACCOUNT, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: `0x${(n + 1).toString(16)}`, signature: `0x12${n.toString(16).padStart(2, '0')}` },
});

export interface WalletBatches {
  local: TypedStorage<BatchesSlice>;
  batches: BatchStore;
}

/** The wallet's own batch store, telling `decisions` (the grants, as createServices.ts wires it) when one is decided. */
export function walletBatches(decisions?: BatchDecisions): WalletBatches {
  const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
  return { local, batches: createBatchStore(local, createSealer(memoryKeyStore()), decisions) };
}

/**
 * The wallet's revoke `mine` of `revoked`, stored as its approval stores it, then sent: included with receipt status
 * `status` (0x0 reverted, 0x1 landed), still pending without.
 */
export async function sentRevoke({ batches }: WalletBatches, revoked: GrantRecord, status?: Hex): Promise<BatchRecord> {
  await batches.add({
    id: 'mine', origin: WALLET, chainId: '0x7a69', from: ACCOUNT, atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'approved', createdAt: 10,
    calls: [{ value: '0x0', ...(await revokeCall(revoked)) }], transactions: [],
  });
  return batches.update(WALLET, 'mine', (b) => ({
    ...b, state: 'sent',
    transactions: [{
      hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true,
      ...(status ? { receipt: { status, logs: [], blockHash: `0x${'b'.repeat(64)}` as Hex, blockNumber: '0x5' as Hex, gasUsed: '0x5208' as Hex, transactionHash: `0x${'a'.repeat(64)}` as Hex } } : {}),
    }],
  }));
}

/**
 * A page's wallet_sendCalls, as prepare stores it before the window opens (state awaiting-approval): one call to an
 * address of its own with `bytes` of calldata, within the params a request may carry.
 */
function pagesBatch(n: number, bytes: number): BatchRecord {
  expect(2 * bytes + 2).toBeLessThan(MAX_PARAMS_BYTES);
  return {
    id: `flush-${n}`, origin: SITE, chainId: '0x7a69', from: ACCOUNT, atomic: false, upgrade: false, gasLimits: ['0x7a1200'], state: 'awaiting-approval', createdAt: Date.now(),
    calls: [{ to: '0x00000000000000000000000000000000000000bb', value: '0x0', data: `0x${'ab'.repeat(bytes)}` }], transactions: [],
  };
}

/**
 * A page's five batches that leave the store just too little room for its history: four just under a request's
 * params, then one sized so that they all fit only once the oldest finished batch (the wallet's revoke) is dropped.
 */
export async function flush({ local, batches }: WalletBatches): Promise<void> {
  for (let i = 0; i < 4; i++) expect(await batches.add(pagesBatch(i, 450_000))).toBe(true);
  const sizes = Object.values(await local.get('batches')).map((b) => utf8Length(canonicalJson(b)));
  const oldest = utf8Length(canonicalJson((await batches.get(WALLET, 'mine'))!));
  const room = MAX_BATCHES_BYTES - sizes.reduce((a, b) => a + b, 0) + Math.floor(oldest / 2);
  const overhead = utf8Length(canonicalJson(pagesBatch(4, 0)));
  expect(await batches.add(pagesBatch(4, Math.floor((room - overhead) / 2)))).toBe(true);
  // The page's batches are all kept (waiting for the user); the wallet's record of its revoke is gone.
  expect(await batches.get(WALLET, 'mine')).toBeUndefined();
}
