/**
 * Where a Ledger account's device refused the upgrade: kept in the extension's IndexedDB, beside the seal key, which
 * no page's content script reaches (storage.local it could write: a planted entry would take atomic batches from an
 * account). Read through `DeviceSigning.upgradeRefused`, which names only the vault's Ledger accounts.
 */
import type { Hex } from '../../shared/params';
import { inStore } from '../storage/sealKeyStore';

export interface UpgradeRefusal {
  account: Hex;
  chainId: Hex;
}

export interface UpgradeRefusalStore {
  load(): Promise<UpgradeRefusal[]>;
  save(all: UpgradeRefusal[]): Promise<void>;
}

const KEY = 'ledger-upgrade-refusals';

export const indexedDbUpgradeRefusals: UpgradeRefusalStore = {
  load: async () => ((await inStore<UpgradeRefusal[]>('readonly', (store) => store.get(KEY))) as UpgradeRefusal[] | undefined) ?? [],
  save: async (all) => void (await inStore('readwrite', (store) => void store.put(all, KEY))),
};

export function memoryUpgradeRefusals(): UpgradeRefusalStore {
  let kept: UpgradeRefusal[] = [];
  return { load: async () => kept, save: async (all) => void (kept = all) };
}

export const sameRefusal = (a: UpgradeRefusal, b: UpgradeRefusal): boolean =>
  a.account.toLowerCase() === b.account.toLowerCase() && BigInt(a.chainId) === BigInt(b.chainId);
