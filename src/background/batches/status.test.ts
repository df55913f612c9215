import { describe, expect, it } from 'vitest';
import { batchStatus, callSubmissions, CallsStatus, preconfirmed } from './status';
import { withReceipt } from './executors/transactionReceipts';
import type { BatchRecord, BatchTransaction } from './types';

const receipt = (ok: boolean) => ({ logs: [], status: ok ? '0x1' : '0x0', blockHash: '0x01', blockNumber: '0x1', gasUsed: '0x5208', transactionHash: '0x02' }) as BatchTransaction['receipt'];
const tx = (sent: boolean, ok?: boolean): BatchTransaction => ({ hash: '0x02', raw: '0x', nonce: 0, calls: [0], sent, ...(ok === undefined ? {} : { receipt: receipt(ok) }) });
const batch = (state: BatchRecord['state'], transactions: BatchTransaction[]): BatchRecord => ({
  id: 'b', origin: 'https://dapp.example', chainId: '0x7a69', from: '0x00000000000000000000000000000000000000aa', atomic: false, upgrade: false,
  calls: [], gasLimits: [], state, transactions, createdAt: 0,
});

describe('EIP-5792 batch status', () => {
  it('is pending until every sent transaction has a receipt', () => {
    expect(batchStatus(batch('approved', []))).toBe(CallsStatus.pending);
    expect(batchStatus(batch('sending', [tx(true, true), tx(false)]))).toBe(CallsStatus.pending);
    expect(batchStatus(batch('sent', [tx(true, true), tx(true)]))).toBe(CallsStatus.pending);
  });

  it('is 200 when all succeeded, 500 when all reverted', () => {
    expect(batchStatus(batch('sent', [tx(true, true), tx(true, true)]))).toBe(CallsStatus.confirmed);
    expect(batchStatus(batch('sent', [tx(true, false)]))).toBe(CallsStatus.reverted);
  });

  it('is 600 when some calls landed and others reverted or were never sent', () => {
    expect(batchStatus(batch('sent', [tx(true, true), tx(true, false)]))).toBe(CallsStatus.partial);
    expect(batchStatus(batch('failed', [tx(true, true), tx(false)]))).toBe(CallsStatus.partial);
  });

  it('is 400 when nothing reached the chain, 500 when what did reverted', () => {
    expect(batchStatus(batch('failed', [tx(false)]))).toBe(CallsStatus.offchainFailure);
    expect(batchStatus(batch('failed', [tx(true, false), tx(false)]))).toBe(CallsStatus.reverted);
  });

  it('is 100 again once a reorg took the receipt away, and 400 when everything sent was dropped', () => {
    expect(batchStatus(batch('sent', [{ ...tx(true), receipt: undefined }]))).toBe(CallsStatus.pending);
    expect(batchStatus(batch('sent', [{ ...tx(true), dropped: true }]))).toBe(CallsStatus.offchainFailure);
    expect(batchStatus(batch('sent', [tx(true, true), { ...tx(true), dropped: true }]))).toBe(CallsStatus.partial);
  });
});

describe('a transaction and its replacements (Speed up, Cancel)', () => {
  const original: BatchTransaction = { ...tx(true), hash: '0x0a', replacedBy: '0x0b' };
  const speedUp: BatchTransaction = { ...tx(true), hash: '0x0b', replaces: '0x0a' };
  const cancel: BatchTransaction = { ...speedUp, calls: [], cancel: true };

  it('is pending while the replacement is, and follows the one that lands', () => {
    expect(batchStatus(batch('sent', [original, speedUp]))).toBe(CallsStatus.pending);
    expect(batchStatus(batch('sent', [{ ...original, dropped: true }, { ...speedUp, receipt: receipt(true) }]))).toBe(CallsStatus.confirmed);
    // The original won the race: the batch is confirmed by it, and the replacement no longer counts.
    expect(batchStatus(batch('sent', [{ ...original, receipt: receipt(true) }, speedUp]))).toBe(CallsStatus.confirmed);
  });

  it('is 400 when the cancel landed: none of the calls ran', () => {
    expect(batchStatus(batch('sent', [{ ...original, dropped: true }, { ...cancel, receipt: receipt(true) }]))).toBe(CallsStatus.offchainFailure);
    expect(batchStatus(batch('sent', [original, cancel]))).toBe(CallsStatus.pending);
  });

  it('judges each call by the transaction that carries it, or the replacement that landed in its place', () => {
    const two = (transactions: BatchTransaction[]) => callSubmissions({ ...batch('sent', transactions), calls: [{ value: '0x0', data: '0x' }, { value: '0x0', data: '0x' }] });
    const first = { ...tx(true, false), hash: '0x01' as const };
    expect(two([first, { ...tx(true, true), calls: [1] }]).map((s) => s?.receipt?.status)).toEqual(['0x0', '0x1']);
    expect(two([first])[1]).toBeUndefined();
    const replaced = two([{ ...original, calls: [0, 1], dropped: true }, { ...speedUp, calls: [0, 1], receipt: receipt(true) }]);
    expect(replaced.map((s) => s?.receipt?.status)).toEqual(['0x1', '0x1']);
    const cancelled = two([{ ...original, calls: [0, 1], dropped: true }, { ...cancel, receipt: receipt(true) }]);
    expect(cancelled.map((s) => s?.dropped)).toEqual([true, true]);
  });
});

describe('pre-confirmed receipts (flashblocks)', () => {
  const nodeReceipt = (block: number) => ({ ...receipt(true)!, blockNumber: `0x${block.toString(16)}` as const });

  it('is pre-confirmed while the receipt\'s block is above the node\'s latest, sealed once the latest reaches it', () => {
    expect(withReceipt(tx(true), nodeReceipt(101), 100)).toMatchObject({ preconfirmed: true, final: false });
    expect(withReceipt(tx(true), nodeReceipt(101), 101)).not.toHaveProperty('preconfirmed');
    expect(withReceipt({ ...tx(true), preconfirmed: true }, nodeReceipt(100), 105)).toMatchObject({ final: true });
    expect(withReceipt({ ...tx(true), preconfirmed: true }, nodeReceipt(100), 105)).not.toHaveProperty('preconfirmed');
  });

  it('says 200 with pre-confirmed receipts, and pre-confirmed until every counted receipt is sealed', () => {
    const early = { ...tx(true, true), preconfirmed: true as const };
    expect([batchStatus(batch('sent', [early])), preconfirmed(batch('sent', [early]))]).toEqual([CallsStatus.confirmed, true]);
    expect(preconfirmed(batch('sent', [tx(true, true), early]))).toBe(true);
    expect(preconfirmed(batch('sent', [tx(true, true), tx(true, true)]))).toBe(false);
    // A reverted call pre-confirmed is 500, still pre-confirmed.
    const reverted = { ...tx(true, false), preconfirmed: true as const };
    expect([batchStatus(batch('sent', [reverted])), preconfirmed(batch('sent', [reverted]))]).toEqual([CallsStatus.reverted, true]);
  });

  it('is neither once the pre-confirmed receipt is gone again: back to pending', () => {
    expect(preconfirmed(batch('sent', [tx(true)]))).toBe(false);
    expect(batchStatus(batch('sent', [tx(true)]))).toBe(CallsStatus.pending);
  });

  it('ends on a record planted in storage.local whose transactions replace each other in a loop: the store makes room with it and Activity reads it', () => {
    // A list that says when the chain is walked past any end (the worker's loop would run until it ran out of memory).
    class Walked<T> extends Array<T> {
      finds = 0;
      override find(...args: Parameters<T[]['find']>): T | undefined {
        if (++this.finds > 1_000) throw new Error('walked the replacements in a loop');
        return (super.find as (...a: typeof args) => T | undefined)(...args);
      }
    }
    const [a, b] = [`0x${'a'.repeat(64)}`, `0x${'b'.repeat(64)}`] as const;
    const looped = (transactions: BatchTransaction[]) => batch('sent', Walked.from(transactions) as BatchTransaction[]);
    expect(batchStatus(looped([{ ...tx(true), hash: a, replacedBy: a }]))).toBe(CallsStatus.pending);
    expect(batchStatus(looped([{ ...tx(true), hash: a, replacedBy: b }, { ...tx(true), hash: b, replacedBy: a }]))).toBe(CallsStatus.pending);
  });

  it('walks each transaction of a planted record once, however many of them name the same replacements: a record of a few hundred KB took minutes (each chain walked again from every one, with a search per step)', () => {
    const hash = (i: number) => `0x${i.toString(16).padStart(4, '0')}` as const;
    const n = 200;
    // n transactions all replaced by the first of a chain of n more.
    const named = Array.from({ length: n }, (_, i) => ({ ...tx(true), hash: hash(n + i), replacedBy: hash(0) }));
    const chain = Array.from({ length: n }, (_, i) => ({ ...tx(true), hash: hash(i), replaces: hash(n), replacedBy: hash(i + 1) }));
    let reads = 0;
    const counted = new Proxy([...named, ...chain], { get: (list, key, receiver) => (typeof key === 'string' && /^\d+$/.test(key) && reads++, Reflect.get(list, key, receiver)) });
    expect(batchStatus(batch('sent', counted))).toBe(CallsStatus.pending);
    expect(reads).toBeLessThan(20 * 2 * n);
  });
});
