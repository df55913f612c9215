/**
 * Numbered migrations of what extension storage holds. The stored `schemaVersion` says how many have run; a worker
 * reads and writes storage only through `migrated(...)`, so nothing sees a record from before its migration.
 * Each migration works on the raw stored values (it must keep working when today's types have moved on).
 */
import type { StorageBackend } from './typedStorage';

export type Migration = (backend: StorageBackend) => Promise<void>;

const VERSION_KEY = 'schemaVersion';

/** 1: approval records name their method and keep only what their screen shows; older waiting ones are dropped (never answered twice). */
const approvalsNameTheirMethod: Migration = async (backend) => {
  const { approvals } = await backend.get('approvals');
  if (!Array.isArray(approvals)) return;
  await backend.set({ approvals: approvals.filter((a: { method?: unknown }) => typeof a.method === 'string') });
};

/**
 * 2: remembered relayed transactions carry the chain they were sent to. Older ones do not say which, and a guess
 * could refuse a transaction on another chain: they are dropped (their replacements meet the node's own rule).
 */
const sentTransactionsNameTheirChain: Migration = async (backend) => {
  const { sentTransactions } = await backend.get('sentTransactions');
  if (!Array.isArray(sentTransactions)) return;
  await backend.set({ sentTransactions: sentTransactions.filter((t: { chainId?: unknown }) => typeof t.chainId === 'string') });
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

export const MIGRATIONS: Migration[] = [approvalsNameTheirMethod, sentTransactionsNameTheirChain, networksListTheirEndpoints];

export async function migrate(backend: StorageBackend, migrations: Migration[] = MIGRATIONS): Promise<void> {
  const stored = (await backend.get(VERSION_KEY))[VERSION_KEY];
  for (let version = typeof stored === 'number' ? stored : 0; version < migrations.length; version++) {
    await migrations[version](backend);
    await backend.set({ [VERSION_KEY]: version + 1 });
  }
}

/** The backend, once every migration has run on it. */
export function migrated(backend: StorageBackend, migrations: Migration[] = MIGRATIONS): StorageBackend {
  const ready = migrate(backend, migrations);
  return {
    get: async (key) => (await ready, backend.get(key)),
    set: async (items) => (await ready, backend.set(items)),
  };
}
