/**
 * A content script (storage.local, Firefox) that swaps its copy in under an approved batch's key while the wallet reads
 * the record, and puts the wallet's own back (still its latest revision) before the wallet writes: what was read of the
 * copy must never be signed or sealed.
 */
import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { deriveWallet } from '../accounts/keys';
import { nodeSaid } from '../../shared/errors.fixture';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { BatchDeps } from './executors/executor';
import { paidWith } from './paidWith';
import { sendBatch } from './run';
import { createBatchStore } from './store';
import { BATCHES_DEFAULTS, type BatchRecord, type BatchesSlice } from './types';

const MNEMONIC = 'test test test test test test test test test test test junk';
const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const SITE = 'https://dapp.example';
const KEY = `${SITE} b`;
const DRAIN = 10n ** 19n;

/** `refusals`: how many sends the node refuses first as underpriced (another transaction holds the nonce). */
async function setup(refusals: number) {
  const backend = memoryBackend();
  const raw = typedStorage(backend, BATCHES_DEFAULTS);
  /** Runs once, at the next read of the batches by the store. */
  let onRead: (() => Promise<void>) | undefined;
  const local = { ...raw, get: async (key: 'batches') => {
    const hook = onRead;
    onRead = undefined;
    await hook?.();
    return raw.get(key);
  } } as typeof raw;
  const batches = createBatchStore(local, createSealer(memoryKeyStore()));
  const sent: Transaction[] = [];
  let nonceReads = 0;
  let onNonceRead: (() => Promise<void>) | undefined;
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    switch (method) {
      case 'eth_getTransactionCount':
        if (++nonceReads === 2) await onNonceRead?.();
        return '0x5' as T;
      case 'eth_getBlockByNumber': return { baseFeePerGas: '0x3b9aca00' } as T;
      case 'eth_maxPriorityFeePerGas': return '0x1' as T;
      case 'eth_getTransactionByHash':
      case 'eth_getTransactionReceipt': return null as T;
      case 'eth_sendRawTransaction':
        if (refusals-- > 0) throw nodeSaid(-32000, 'replacement transaction underpriced');
        sent.push(Transaction.from(params[0] as string));
        return sent.at(-1)!.hash as T;
    }
    throw new Error(`unexpected ${method}`);
  };
  let beforePaid: (() => Promise<void>) | undefined;
  const deps = {
    batches,
    accounts: { signer: async () => deriveWallet(MNEMONIC, 0) },
    networks: { markWithoutEip7702: async () => undefined, sendsSync: async () => false, markWithoutSyncSend: async () => undefined },
    nodeFor: async () => node,
    loops: { watch: () => () => undefined },
    detection: { stored: async () => undefined },
    // The later script's load: the worker waits on it between reading the batch and approving it.
    usdcBatchCode: { paidWith: async (b: BatchRecord, source: undefined) => (await beforePaid?.(), paidWith(b, source)) },
  } as unknown as BatchDeps;
  await batches.add({
    id: 'b', origin: SITE, chainId: '0x7a69', from: FROM, atomic: false, upgrade: false, calls: [{ to: TO, value: '0x1', data: '0x' }],
    gasLimits: ['0x5208'], state: 'awaiting-approval', transactions: [], createdAt: Date.now(),
  });
  /** The wallet's record as it stands now, and a copy of it whose one call sends 10 ETH to the attacker. */
  const snapshot = async () => {
    const own = (await raw.get('batches'))[KEY];
    return { own, copy: { ...own, calls: [{ to: ATTACKER, value: `0x${DRAIN.toString(16)}`, data: '0x' }] } as BatchRecord };
  };
  const put = (record: BatchRecord) => raw.update('batches', (all): BatchesSlice['batches'] => ({ ...all, [KEY]: record }));
  return { deps, sent, snapshot, put, hooks: {
    set onRead(hook: () => Promise<void>) { onRead = hook; },
    set beforePaid(hook: () => Promise<void>) { beforePaid = hook; },
    set onNonceRead(hook: () => Promise<void>) { onNonceRead = hook; },
  } };
}

describe('a record swapped in while the wallet reads it, and taken back before it writes', () => {
  it('approves the wallet\'s own record, never the copy read before the approval\'s write: sendBatch spread the copy it read over the record the update checked, so the wallet sealed the copy\'s calls as approved and sent 10 ETH to the attacker', async () => {
    const { deps, sent, snapshot, put, hooks } = await setup(0);
    const { own, copy } = await snapshot();
    // feeChoices takes the read through the fee pick, which waits on the later script.
    await put({ ...copy, feeChoices: ['eth'] });
    hooks.beforePaid = async () => void (await put(own));
    await sendBatch(deps, SITE, 'b').catch(() => undefined);
    expect(sent.map((tx) => tx.to)).not.toContain(ATTACKER);
    expect(sent.map((tx) => tx.value)).not.toContain(DRAIN);
  });

  it('signs again, once the first nonce was taken, only the wallet\'s own record: the retry read the record afresh without asking whether the wallet wrote it, signed the copy\'s calls and stored them on the wallet\'s record put back meanwhile, then sent them', async () => {
    const { deps, sent, snapshot, put, hooks } = await setup(1);
    hooks.onNonceRead = async () => undefined;
    // The retry's read follows the refused send being marked unsent: the copy goes in then, the wallet's back at its nonce read.
    const retryRead = async () => {
      const { own, copy } = await snapshot();
      await put(copy);
      hooks.onNonceRead = async () => void (await put(own));
    };
    let reads = 0;
    const armAtThirdRead = async (): Promise<void> => {
      // sendBatch's read, runBatch's two reads, then the retry's.
      if (++reads === 4) return retryRead();
      hooks.onRead = armAtThirdRead;
    };
    hooks.onRead = armAtThirdRead;
    await sendBatch(deps, SITE, 'b').catch(() => undefined);
    expect(sent.map((tx) => tx.to)).not.toContain(ATTACKER);
    expect(sent.map((tx) => tx.value)).not.toContain(DRAIN);
  });

  it('removes no batch it sent when a copy without transactions is read as it resumes: the copy, refused, freed the id as though nothing had been signed, which deleted the wallet\'s sent record and retired it in the ledger (the site told nothing was sent, its receipt never followed)', async () => {
    const { deps, sent, snapshot, put, hooks } = await setup(0);
    const { copy } = await snapshot();
    await sendBatch(deps, SITE, 'b');
    expect(sent).toHaveLength(1);
    // An approval finished after a restart sends again (a batch already sent is only returned): the copy goes in after
    // the approval's write, the wallet's record as then written kept aside to be put back.
    let own: BatchRecord | undefined;
    hooks.onRead = async () => {
      hooks.onRead = async () => {
        own = (await snapshot()).own;
        await put({ ...copy, state: 'approved' });
      };
    };
    await sendBatch(deps, SITE, 'b').catch(() => undefined);
    await put(own!);
    expect(await deps.batches.authentic((await deps.batches.get(SITE, 'b'))!)).toBe(true);
  });
});
