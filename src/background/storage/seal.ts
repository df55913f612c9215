/**
 * Authenticates records the worker acts on without the user (approvals it finishes after a restart). Extension
 * storage can be written from a page's content-script process (Firefox always; Chrome unless its access level is
 * restricted), so a record is acted on only when its MAC, made with a key no page can read, still matches, and when
 * it is the latest copy (ledger.ts: a sealed copy written back later verifies too).
 * The key and the ledgers live in the extension origin's IndexedDB (sealKeyStore.ts): content scripts reach only their page's.
 */
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha256';
import { getBytes, hexlify } from 'ethers';
import { randomHex } from '../../shared/randomId';
import { lazyAsync } from '../../shared/lazy';
import { utf8Bytes } from '../../shared/utf8';
import { createLedger, memoryLedgerStore, type Ledger, type LedgerStore } from './ledger';

/** Where the key and the ledgers are kept. */
export interface SealKeyStore {
  load(): Promise<string | null>;
  /** Stores `key` unless one is there; returns the key kept. */
  saveFirst(key: string): Promise<string>;
  /** Where the ledger of one kind of record is kept. */
  ledger(name: string): LedgerStore;
}

export type Sealed<T> = T & { seal: string };

/** JSON with sorted keys, so the same record always gives the same bytes. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    typeof v === 'object' && v !== null && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/** HMAC-SHA256 from noble's hashes (ethers' own): ethers' computeHmac would bring SHA-512 into every worker start. */
const mac = (key: string, record: object): string => hexlify(hmac(sha256, getBytes(key), utf8Bytes(canonicalJson(record))));

export interface Sealer {
  /** The key, made on first use; load it before a synchronous storage update. */
  key(): Promise<string>;
  /** The ledger of one kind of record ('approvals', 'batches'), the same one for every caller in this worker. */
  ledger(name: string): Ledger;
}

export function createSealer(store: SealKeyStore): Sealer {
  const ledgers = new Map<string, Ledger>();
  const key = lazyAsync(async (): Promise<string> => (await store.load()) ?? store.saveFirst(randomHex(32)));
  return {
    key,
    ledger(name) {
      if (!ledgers.has(name)) ledgers.set(name, createLedger(store.ledger(name)));
      return ledgers.get(name)!;
    },
  };
}

/** A key store in memory, for unit tests. */
export function memoryKeyStore(): SealKeyStore {
  let kept: string | null = null;
  const ledgers = new Map<string, LedgerStore>();
  return {
    load: async () => kept,
    saveFirst: async (key) => (kept ??= key),
    ledger(name) {
      if (!ledgers.has(name)) ledgers.set(name, memoryLedgerStore());
      return ledgers.get(name)!;
    },
  };
}

export function seal<T extends object>(key: string, record: T): Sealed<T> {
  const { seal: _old, ...content } = record as T & { seal?: string };
  return { ...(content as T), seal: mac(key, content) };
}

/**
 * False too for a record no JSON holds (a cycle, kept by Firefox's structured clone) and for what is no object (a null
 * planted in a list): the wallet writes neither.
 */
export function isSealed<T extends object>(key: string, record: T & { seal?: string }): record is Sealed<T> {
  if (typeof record !== 'object' || record === null) return false;
  const { seal: found, ...content } = record;
  try {
    return typeof found === 'string' && found === mac(key, content);
  } catch {
    return false;
  }
}
