/**
 * The grant records in the extension's IndexedDB, beside the seal key: a page's content script cannot plant or alter
 * one (in storage.local it could on Firefox, and on Chrome without setAccessLevel), so Permissions lists, and a site
 * gets back, only grants the user made.
 */
import { inStore } from '../storage/sealKeyStore';
import type { GrantNonceRecords, GrantRecord, GrantRecordStore } from './store';

/** What is kept under `key`: undefined until first saved. */
const keptAt = <T>(key: string) => ({
  load: () => inStore<T>('readonly', (store) => store.get(key)),
  save: async (value: T) => void (await inStore('readwrite', (store) => void store.put(value, key))),
});
const grants = keptAt<GrantRecord[]>('grants');
const nonces = keptAt<GrantNonceRecords>('grantNonces');

export const indexedDbGrantRecordStore: GrantRecordStore = {
  load: async () => (await grants.load()) ?? null,
  save: grants.save,
  loadNonces: nonces.load,
  saveNonces: nonces.save,
};
