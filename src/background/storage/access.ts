/**
 * Chrome lets content scripts read and write storage.local unless told otherwise; the wallet's storage is for the
 * wallet's own contexts only. Firefox has no such switch for storage.local (records the worker acts on are sealed,
 * seal.ts). Called at every worker start: the level is not kept across browser restarts.
 */
type AccessLevelArea = { setAccessLevel?(options: { accessLevel: 'TRUSTED_CONTEXTS' }): Promise<void> };

export function restrictToTrustedContexts(): void {
  const storage = (globalThis as { chrome?: { storage?: Record<string, AccessLevelArea | undefined> } }).chrome?.storage;
  for (const area of [storage?.local, storage?.session]) {
    void area?.setAccessLevel?.({ accessLevel: 'TRUSTED_CONTEXTS' })?.catch((error: Error) => console.warn(`[storage] setAccessLevel: ${error.message}`));
  }
}
