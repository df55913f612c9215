/**
 * Changes to what the vault holds, each proven by the password: reading the phrase back, adding an imported key,
 * a new password. The password is checked as unlocking checks it, wrong passwords throttled alike (a wrong one:
 * WrongPasswordError or ThrottledError); the vault is encrypted again and the unlocked copy in session storage follows.
 */
import type { TypedStorage } from '../storage/typedStorage';
import { encryptVault, type VaultSecret } from './crypto';
import type { UnlockedSlice, Vault, VaultSlice } from './vault';

export interface VaultRewrite {
  /** The secret, read with the password (not the unlocked copy), for "reveal the recovery phrase". */
  verified(password: string): Promise<VaultSecret>;
  /** Encrypts `change(secret)` under `newPassword` (default: the same password) and stores it. */
  rewrite(password: string, change: (secret: VaultSecret) => VaultSecret, newPassword?: string): Promise<VaultSecret>;
}

export function createVaultRewrite(local: TypedStorage<VaultSlice>, session: TypedStorage<UnlockedSlice>, vault: Pick<Vault, 'unlock'>, minPasswordLength: number): VaultRewrite {
  const verified = (password: string): Promise<VaultSecret> => vault.unlock(password);
  return {
    verified,
    async rewrite(password, change, newPassword = password) {
      if (newPassword.length < minPasswordLength) throw new Error(`Password must have at least ${minPasswordLength} characters`);
      const secret = change(await verified(password));
      await local.set('vault', await encryptVault(secret, newPassword));
      await session.set('secret', secret);
      return secret;
    },
  };
}
