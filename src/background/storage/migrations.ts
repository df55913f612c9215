/**
 * Numbered migrations of what extension storage holds. The stored `schemaVersion` says how many have run; a worker
 * reads and writes storage only through `migrated(...)`, so nothing sees a record from before its migration.
 * Each migration works on the raw stored values (it must keep working when today's types have moved on).
 */
import { missingDeployments } from '../../shared/erc7730/userFile';
import type { StorageBackend } from './typedStorage';

export type Migration = (backend: StorageBackend) => Promise<void>;

/** The user's descriptor files as migration 4 hands them to the extension's IndexedDB. */
export interface MovedFiles {
  files: { name: string; json: unknown }[];
  dropped: string[];
}

/** Where migrations move records that must be out of a page's reach (storage.local is writable by content scripts on Firefox). */
export interface MigrationStores {
  descriptorFiles: { load(): Promise<MovedFiles | null>; save(moved: MovedFiles): Promise<void> };
  /** Migration 5's: the execution permissions granted (their records as stored, untyped here). */
  grants: { load(): Promise<unknown[] | null>; save(grants: unknown[]): Promise<void> };
}

const VERSION_KEY = 'schemaVersion';

/** 1: approval records name their method and keep only what their screen shows; older waiting ones are dropped (never answered twice). */
const approvalsNameTheirMethod: Migration = async (backend) => {
  const { approvals } = await backend.get('approvals');
  if (!Array.isArray(approvals)) return;
  await backend.set({ approvals: approvals.filter((a: { method?: unknown } | null) => typeof a?.method === 'string') });
};

/**
 * 2: remembered relayed transactions carry the chain they were sent to. Older ones do not say which, and a guess
 * could refuse a transaction on another chain: they are dropped (their replacements meet the node's own rule).
 */
const sentTransactionsNameTheirChain: Migration = async (backend) => {
  const { sentTransactions } = await backend.get('sentTransactions');
  if (!Array.isArray(sentTransactions)) return;
  await backend.set({ sentTransactions: sentTransactions.filter((t: { chainId?: unknown } | null) => typeof t?.chainId === 'string') });
};

/** An added network or a built-in one's edit with one `rpcUrl` as one with that endpoint alone in `rpcUrls`. */
const withEndpointList = (record: unknown): unknown => {
  if (typeof record !== 'object' || record === null || !('rpcUrl' in record) || typeof record.rpcUrl !== 'string') return record;
  const { rpcUrl, ...rest } = record;
  return { ...rest, rpcUrls: [rpcUrl] };
};

/** 3: networks list their endpoints (failover); the one URL stored before becomes the list's only entry. */
const networksListTheirEndpoints: Migration = async (backend) => {
  const { addedNetworks } = await backend.get('addedNetworks');
  const { builtInEdits } = await backend.get('builtInEdits');
  if (Array.isArray(addedNetworks)) await backend.set({ addedNetworks: addedNetworks.map(withEndpointList) });
  if (builtInEdits && typeof builtInEdits === 'object') {
    await backend.set({ builtInEdits: Object.fromEntries(Object.entries(builtInEdits).map(([chain, edit]) => [chain, withEndpointList(edit)])) });
  }
};

const isFile = (file: unknown): file is MovedFiles['files'][number] => typeof file === 'object' && file !== null && typeof (file as { name?: unknown }).name === 'string';

/**
 * 4: the user's ERC-7730 files leave storage.local for the extension's IndexedDB. One that names no deployments would
 * bind every contract on every chain: it is dropped, and Settings names it. The move happens once, as the IndexedDB
 * says, not as `schemaVersion` says: a content script can set that count back on Firefox and plant a list to move.
 * The IndexedDB is written (if only with no files) before the old list is emptied, so a worker stopped between the
 * two has already moved them.
 */
const descriptorFilesMoveOut = (stores: MigrationStores): Migration => async (backend) => {
  const { userDescriptors } = await backend.get('userDescriptors');
  if ((await stores.descriptorFiles.load()) === null) {
    const files = Array.isArray(userDescriptors) ? userDescriptors.filter(isFile) : [];
    const kept = files.filter((file) => missingDeployments(file.json) === undefined);
    const dropped = files.filter((file) => !kept.includes(file)).map((file) => file.name);
    await stores.descriptorFiles.save({ files: kept, dropped });
  }
  // Emptied, not left behind: nothing reads it any more.
  if (userDescriptors !== undefined) await backend.set({ userDescriptors: [] });
};

/**
 * 5: the execution permissions' records leave storage.local for the extension's IndexedDB, where no page can plant one
 * to be listed in Permissions and returned to a site. Once, as the IndexedDB says (written before the old list is
 * emptied), like migration 4: a list planted after the update is only emptied.
 */
const grantsMoveOut = (stores: MigrationStores): Migration => async (backend) => {
  const { grants } = await backend.get('grants');
  if ((await stores.grants.load()) === null) {
    await stores.grants.save(Array.isArray(grants) ? grants.filter((g: { id?: unknown } | null) => typeof g?.id === 'string') : []);
  }
  if (grants !== undefined) await backend.set({ grants: [] });
};

export const migrations = (stores: MigrationStores): Migration[] => [
  approvalsNameTheirMethod,
  sentTransactionsNameTheirChain,
  networksListTheirEndpoints,
  descriptorFilesMoveOut(stores),
  grantsMoveOut(stores),
];

export async function migrate(backend: StorageBackend, migrations: Migration[]): Promise<void> {
  const stored = (await backend.get(VERSION_KEY))[VERSION_KEY];
  // A count no migration has (planted: -1, 0.5) runs them all again: each may run twice, none may be skipped or thrown on.
  const done = Number.isInteger(stored) && (stored as number) >= 0 ? (stored as number) : 0;
  for (let version = done; version < migrations.length; version++) {
    await migrations[version](backend);
    await backend.set({ [VERSION_KEY]: version + 1 });
  }
}

/** The backend, once every migration has run on it; `ready`: for stores beside it that migrations write to. */
export function migrated(backend: StorageBackend, migrations: Migration[]): StorageBackend & { ready: Promise<void> } {
  const ready = migrate(backend, migrations);
  return {
    ready,
    get: async (key) => (await ready, backend.get(key)),
    set: async (items) => (await ready, backend.set(items)),
  };
}
