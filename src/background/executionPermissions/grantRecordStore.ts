/**
 * The grant records in the extension's IndexedDB, beside the seal key: a page's content script cannot plant or alter
 * one (in storage.local it could on Firefox, and on Chrome without setAccessLevel), so Permissions lists, and a site
 * gets back, only grants the user made.
 */
import { inStore } from '../storage/sealKeyStore';
import type { GrantNonceRecords, GrantRecord, GrantRecordStore } from './store';

const KEY = 'grants';
const NONCES_KEY = 'grantNonces';

export const indexedDbGrantRecordStore: GrantRecordStore = {
  load: async () => ((await inStore<GrantRecord[]>('readonly', (store) => store.get(KEY))) as GrantRecord[] | undefined) ?? null,
  save: async (grants) => void (await inStore('readwrite', (store) => void store.put(grants, KEY))),
  loadNonces: () => inStore<GrantNonceRecords>('readonly', (store) => store.get(NONCES_KEY)),
  saveNonces: async (nonces) => void (await inStore('readwrite', (store) => void store.put(nonces, NONCES_KEY))),
};
