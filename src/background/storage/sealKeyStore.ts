/**
 * The seal key and the ledgers in the extension origin's IndexedDB: kept across worker, add-on and browser restarts
 * (a sealed record stays actionable after an update), and out of reach of content scripts, whose IndexedDB is their page's.
 */
import type { LedgerState } from './ledger';
import type { SealKeyStore } from './seal';

const DATABASE = 'batchwallet-keys';
const STORE = 'keys';
const KEY = 'seal';

function open(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** One transaction on the extension's own key-value store (other out-of-reach data lives beside the seal key). */
export function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise<T | undefined>((resolve, reject) => {
        const transaction = db.transaction(STORE, mode);
        const request = work(transaction.objectStore(STORE));
        transaction.oncomplete = () => {
          db.close();
          resolve(request ? request.result : undefined);
        };
        transaction.onerror = () => reject(transaction.error);
      }),
  );
}

export const indexedDbKeyStore: SealKeyStore = {
  load: async () => ((await inStore<string>('readonly', (store) => store.get(KEY))) as string | undefined) ?? null,
  // One read-write transaction: two workers starting together keep the same key.
  saveFirst: async (key) =>
    (await inStore<string>('readwrite', (store) => {
      const existing = store.get(KEY);
      existing.onsuccess = () => {
        if (existing.result === undefined) store.put(key, KEY);
      };
      return existing;
    })) ?? key,
  ledger: (name) => ({
    load: async () => ((await inStore<LedgerState>('readonly', (store) => store.get(`ledger ${name}`))) as LedgerState | undefined) ?? null,
    save: async (state) => void (await inStore('readwrite', (store) => void store.put(state, `ledger ${name}`))),
  }),
};
