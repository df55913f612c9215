/**
 * The ERC-7730 files the user added in Settings, kept where no page can write: the extension's IndexedDB beside the
 * seal key (descriptorFileStore.ts). In storage.local a page's content script could plant one (Firefox), and its words
 * would describe whatever calls it binds.
 */

export interface UserDescriptorFile {
  /** The file's name, unique in the list (adding a file of the same name replaces it). */
  name: string;
  json: unknown;
}

export interface StoredDescriptorFiles {
  files: UserDescriptorFile[];
  /** Files left out when they moved here (storage migration 4) because they named no deployments: Settings names them until removed. */
  dropped: string[];
}

export const NO_DESCRIPTOR_FILES: StoredDescriptorFiles = { files: [], dropped: [] };

export interface DescriptorFileStore {
  load(): Promise<StoredDescriptorFiles | null>;
  save(stored: StoredDescriptorFiles): Promise<void>;
}

export interface DescriptorFiles {
  get(): Promise<StoredDescriptorFiles>;
  /** One change at a time, each on the files as the one before left them. */
  update(change: (current: StoredDescriptorFiles) => StoredDescriptorFiles): Promise<StoredDescriptorFiles>;
}

/** `migrated`: storage's migrations, which move the files stored in storage.local before, have run. */
export function createDescriptorFiles(store: DescriptorFileStore, migrated: Promise<void>): DescriptorFiles {
  let queue: Promise<unknown> = Promise.resolve();
  const get = async (): Promise<StoredDescriptorFiles> => {
    await migrated;
    return (await store.load()) ?? structuredClone(NO_DESCRIPTOR_FILES);
  };
  return {
    get,
    update(change) {
      const next = queue.then(async () => {
        const value = change(await get());
        await store.save(value);
        return value;
      });
      // The next change waits for this one, without its files: they would stay in memory beside the store's copy.
      queue = next.then(() => undefined, () => undefined);
      return next;
    },
  };
}

/** A store in memory, for unit tests. */
export function memoryDescriptorFileStore(): DescriptorFileStore {
  let kept: StoredDescriptorFiles | null = null;
  return { load: async () => structuredClone(kept), save: async (stored) => void (kept = structuredClone(stored)) };
}
