/**
 * Lock state of the wallet. The encrypted vault lives in local storage; once unlocked, the
 * secret is kept in session storage (memory only, survives a worker restart) until lock or
 * auto-lock.
 */
import type { TypedStorage } from '../storage/typedStorage';
import { decryptVault, encryptVault, type VaultFile, type VaultSecret } from './crypto';

/** The encrypted vault, in local storage. */
export interface VaultSlice {
  vault: VaultFile | null;
}
/** The secret while unlocked, in session storage (memory only). */
export interface UnlockedSlice {
  secret: VaultSecret | null;
}
export const VAULT_DEFAULTS: VaultSlice = { vault: null };
export const UNLOCKED_DEFAULTS: UnlockedSlice = { secret: null };

export interface Vault {
  isInitialized(): Promise<boolean>;
  isUnlocked(): Promise<boolean>;
  create(secret: VaultSecret, password: string): Promise<void>;
  /** Throws WrongPasswordError. */
  unlock(password: string): Promise<VaultSecret>;
  lock(): Promise<void>;
  /** The secret while unlocked, else null. */
  secret(): Promise<VaultSecret | null>;
}

export const MIN_PASSWORD_LENGTH = 8;

export function createVault(local: TypedStorage<VaultSlice>, session: TypedStorage<UnlockedSlice>): Vault {
  return {
    isInitialized: async () => (await local.get('vault')) !== null,
    isUnlocked: async () => (await session.get('secret')) !== null,
    async create(secret, password) {
      if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`Password must have at least ${MIN_PASSWORD_LENGTH} characters`);
      await local.set('vault', await encryptVault(secret, password));
      await session.set('secret', secret);
    },
    async unlock(password) {
      const file = await local.get('vault');
      if (!file) throw new Error('No wallet yet: create or import one first');
      const secret = await decryptVault(file, password);
      await session.set('secret', secret);
      return secret;
    },
    lock: () => session.set('secret', null),
    secret: () => session.get('secret'),
  };
}
