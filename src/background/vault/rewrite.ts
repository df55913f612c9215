/**
 * Changes to what the vault holds, each proven by the password: reading the phrase back, adding an imported key,
 * a new password. The vault is decrypted with the password given (a wrong one: WrongPasswordError) and encrypted
 * again; the unlocked copy in session storage follows.
 */
import type { TypedStorage } from '../storage/typedStorage';
import { decryptVault, encryptVault, type VaultSecret } from './crypto';
import type { UnlockedSlice, VaultSlice } from './vault';

export interface VaultRewrite {
  /** The secret, read with the password (not the unlocked copy), for "reveal the recovery phrase". */
  verified(password: string): Promise<VaultSecret>;
  /** Encrypts `change(secret)` under `newPassword` (default: the same password) and stores it. */
  rewrite(password: string, change: (secret: VaultSecret) => VaultSecret, newPassword?: string): Promise<VaultSecret>;
}

export function createVaultRewrite(local: TypedStorage<VaultSlice>, session: TypedStorage<UnlockedSlice>, minPasswordLength: number): VaultRewrite {
  const verified = async (password: string): Promise<VaultSecret> => {
    const file = await local.get('vault');
    if (!file) throw new Error('No wallet yet: create or import one first');
    return decryptVault(file, password);
  };
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
