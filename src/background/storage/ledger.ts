/**
 * Which copy of a sealed record is the latest. A seal proves the wallet wrote a record, not when: a copy taken from
 * storage and written back later (a page's content script can, on Firefox) verifies again, and would run again. So
 * every sealed write takes a revision from one counter, and the ledger keeps each live record's latest revision
 * where pages cannot write (the extension's IndexedDB, beside the seal key). A record is acted on only at its latest
 * revision; once retired (finished, removed), no copy of it is ever the latest again.
 */

export interface LedgerState {
  /** The last revision handed out. */
  counter: number;
  /** Every revision up to this one belongs to a retired record or to one overtaken: a key without an entry needs more. */
  floor: number;
  /** By record key: its latest revision. */
  latest: Record<string, number>;
}

export interface LedgerStore {
  load(): Promise<LedgerState | null>;
  save(state: LedgerState): Promise<void>;
}

export interface Ledger {
  /** Loads the kept state once; the other calls answer from memory and need it loaded. */
  ready(): Promise<void>;
  /** A new revision for the record under `key`, its latest from now on. */
  stamp(key: string): number;
  isLatest(key: string, revision: unknown): boolean;
  /** The record under `key` is finished or removed: no copy of it is the latest any more. */
  retire(key: string): void;
  /** Keeps what changed; awaited before anything is done on its strength (signing, sending, replying). */
  save(): Promise<void>;
  /**
   * Taken inside a storage update before it stamps or retires, and `settled` once its write has landed or failed.
   * Meanwhile storage still holds the copies the write replaces: a record stamped again since reads as the latest at
   * the revision it had here too (a read then is of the wallet's own record; one retired does not). `undo` brings the
   * latest revisions back as they were when the write fails, so the records left as they were stay the latest (the
   * counter goes on: no revision is reused), and keeps them so: another record's save meanwhile may have kept the
   * failed write's stamps.
   */
  checkpoint(): Checkpoint;
}

export interface Checkpoint {
  undo(): void;
  settled(): void;
}

export function createLedger(store: LedgerStore): Ledger {
  let state: LedgerState = { counter: 0, floor: 0, latest: {} };
  let loaded: Promise<void> | undefined;
  // One save at a time, each writing the state as it stands when it runs (the store copies it): the last write is the newest.
  let saving: Promise<void> = Promise.resolve();
  /** The latest revisions as each write whose checkpoint is not settled found them. */
  const writing = new Set<Record<string, number>>();
  const ledger: Ledger = {
    ready() {
      loaded ??= store.load().then(
        (kept) => void (state = kept ?? state),
        (error: unknown) => {
          loaded = undefined;
          throw error;
        },
      );
      return loaded;
    },
    stamp(key) {
      state.latest[key] = ++state.counter;
      return state.counter;
    },
    // At least the latest: a record written just before the worker stopped, with its revision not yet kept, is the
    // newest there is (nothing was done on its strength before the ledger kept it).
    isLatest: (key, revision) =>
      typeof revision === 'number' &&
      (key in state.latest ? revision >= state.latest[key] || [...writing].some((before) => before[key] === revision) : revision > state.floor),
    retire(key) {
      delete state.latest[key];
      state.floor = state.counter;
    },
    save() {
      saving = saving.catch(() => undefined).then(() => store.save(state));
      return saving;
    },
    checkpoint() {
      const { floor, latest } = state;
      const kept = { ...latest };
      writing.add(kept);
      return {
        undo() {
          state = { ...state, floor, latest: { ...kept } };
          // Not awaited: the caller rethrows the write's error; a save after this one keeps the state as it then stands.
          void ledger.save().catch(() => undefined);
        },
        settled: () => void writing.delete(kept),
      };
    },
  };
  return ledger;
}

/** A ledger store in memory, for unit tests. */
export function memoryLedgerStore(): LedgerStore {
  let kept: LedgerState | null = null;
  return { load: async () => structuredClone(kept), save: async (state) => void (kept = structuredClone(state)) };
}
