/**
 * Lock state of the wallet. The encrypted vault lives in local storage; once unlocked, the
 * secret is kept in session storage (memory only, survives a worker restart) until lock or
 * auto-lock. Wrong passwords are throttled (throttle.ts); a vault below today's iteration count
 * is re-encrypted at unlock.
 */
import { markedError } from '../../shared/markedError';
import type { TypedStorage } from '../storage/typedStorage';
import { PBKDF2_ITERATIONS, WrongPasswordError, decryptVault, encryptVault, needsUpgrade, parseVaultFile, type VaultFile, type VaultSecret } from './crypto';
import { UNLOCK_THROTTLE_DEFAULTS, afterFailure, waitUntil, type UnlockThrottle } from './throttle';

/** The encrypted vault and the wrong-password count, in local storage. */
export interface VaultSlice {
  vault: VaultFile | null;
  unlockThrottle: UnlockThrottle;
}

/** An attempt before the wait after the last wrong passwords is over; nothing was tried. Marked (shared/markedError.ts): the later script, which removes an account, has a copy of this class of its own. */
export class ThrottledError extends markedError('ThrottledError') {
  constructor(
    readonly retryAt: number,
    now: number,
  ) {
    super(`Too many wrong passwords: try again in ${Math.ceil((retryAt - now) / 1000)} s`);
  }
}
/** The secret while unlocked, in session storage (memory only). */
export interface UnlockedSlice {
  secret: VaultSecret | null;
}
export const VAULT_DEFAULTS: VaultSlice = { vault: null, unlockThrottle: UNLOCK_THROTTLE_DEFAULTS };
export const UNLOCKED_DEFAULTS: UnlockedSlice = { secret: null };

export interface Vault {
  isInitialized(): Promise<boolean>;
  isUnlocked(): Promise<boolean>;
  create(secret: VaultSecret, password: string): Promise<void>;
  /** Throws WrongPasswordError, ThrottledError or CorruptVaultError. */
  unlock(password: string): Promise<VaultSecret>;
  /** Epoch ms before which unlock refuses to try, or null. */
  unlockRetryAt(): Promise<number | null>;
  lock(): Promise<void>;
  /** The secret while unlocked, else null. */
  secret(): Promise<VaultSecret | null>;
}

export const MIN_PASSWORD_LENGTH = 8;

export function createVault(local: TypedStorage<VaultSlice>, session: TypedStorage<UnlockedSlice>, now: () => number = Date.now): Vault {
  /** One attempt at a time: two at once would both pass the throttle before either counted. */
  let attempts: Promise<unknown> = Promise.resolve();

  async function attempt(password: string): Promise<VaultSecret> {
    const stored = await local.get('vault');
    if (!stored) throw new Error('No wallet yet: create or import one first');
    const file = parseVaultFile(stored);
    const retryAt = waitUntil(await local.get('unlockThrottle'), now());
    if (retryAt !== undefined) throw new ThrottledError(retryAt, now());
    let secret: VaultSecret;
    try {
      secret = await decryptVault(file, password);
    } catch (error) {
      if (error instanceof WrongPasswordError) await local.update('unlockThrottle', (t) => afterFailure(t, now()));
      throw error;
    }
    await local.set('unlockThrottle', UNLOCK_THROTTLE_DEFAULTS);
    if (needsUpgrade(file)) await local.set('vault', await encryptVault(secret, password, PBKDF2_ITERATIONS));
    await session.set('secret', secret);
    return secret;
  }

  return {
    isInitialized: async () => (await local.get('vault')) !== null,
    isUnlocked: async () => (await session.get('secret')) !== null,
    async create(secret, password) {
      if (password.length < MIN_PASSWORD_LENGTH) throw new Error(`Password must have at least ${MIN_PASSWORD_LENGTH} characters`);
      await local.set('vault', await encryptVault(secret, password));
      await session.set('secret', secret);
    },
    unlock(password) {
      const result = attempts.then(() => attempt(password));
      // The next attempt waits for this one, without its secret: that would outlive a lock.
      attempts = result.then(() => undefined, () => undefined);
      return result;
    },
    async unlockRetryAt() {
      return waitUntil(await local.get('unlockThrottle'), now()) ?? null;
    },
    lock: () => session.set('secret', null),
    secret: () => session.get('secret'),
  };
}
