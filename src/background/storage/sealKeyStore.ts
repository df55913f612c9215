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

/**
 * One connection for the worker's life: opening one took ~1 ms of the browser's and the worker's each, three times
 * before a restarted worker's first answer (Chrome's trace). The browser closes it when the extension's data is
 * cleared; the next transaction opens another.
 */
let connection: Promise<IDBDatabase> | undefined;
const forget = () => (connection = undefined);
function database(): Promise<IDBDatabase> {
  connection ??= open().then(
    (db) => {
      db.onclose = forget;
      // Another connection upgrading or deleting the database waits for this one to close.
      db.onversionchange = () => (db.close(), forget());
      return db;
    },
    (error: unknown) => {
      forget();
      throw error;
    },
  );
  return connection;
}

/** A transaction on a connection the browser closed since (the extension's data cleared) is refused: one more try. */
async function transactionOn(mode: IDBTransactionMode): Promise<IDBTransaction> {
  try {
    return (await database()).transaction(STORE, mode);
  } catch {
    forget();
    return (await database()).transaction(STORE, mode);
  }
}

/** One transaction on the extension's own key-value store (other out-of-reach data lives beside the seal key). */
export async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T> | void): Promise<T | undefined> {
  const transaction = await transactionOn(mode);
  return new Promise<T | undefined>((resolve, reject) => {
    const request = work(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request ? request.result : undefined);
    // An abort (the disk full, the data cleared meanwhile) carries no error event: it settles the promise too.
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error ?? new Error('The key store\'s transaction was aborted'));
  });
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
