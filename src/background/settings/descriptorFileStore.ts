/** The user's descriptor files in the extension's IndexedDB: a page's content script cannot plant one (Firefox). */
import { inStore } from '../storage/sealKeyStore';
import type { DescriptorFileStore, StoredDescriptorFiles } from './descriptorFiles';

const KEY = 'descriptor-files';

export const indexedDbDescriptorFileStore: DescriptorFileStore = {
  load: async () => ((await inStore<StoredDescriptorFiles>('readonly', (store) => store.get(KEY))) as StoredDescriptorFiles | undefined) ?? null,
  save: async (stored) => void (await inStore('readwrite', (store) => void store.put(stored, KEY))),
};
