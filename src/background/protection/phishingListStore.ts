/** The fetched phishing list in the extension's IndexedDB: a page's content script cannot plant one (Firefox). */
import { inStore } from '../storage/sealKeyStore';
import type { PhishingListStore, StoredPhishingList } from './phishingUpdates';

const KEY = 'phishing-list';

export const indexedDbPhishingListStore: PhishingListStore = {
  load: async () => ((await inStore<StoredPhishingList>('readonly', (store) => store.get(KEY))) as StoredPhishingList | undefined) ?? null,
  save: async (stored) => void (await inStore('readwrite', (store) => void store.put(stored, KEY))),
};
