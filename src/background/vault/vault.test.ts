import { describe, expect, it } from 'vitest';
import { isCollected } from '../storage/testing';
import { memoryBackend, typedStorage, type StorageBackend } from '../storage/typedStorage';
import { CorruptVaultError, PBKDF2_ITERATIONS, WrongPasswordError, encryptVault } from './crypto';
import { FREE_FAILURES, MAX_DELAY_MS, delayAfter } from './throttle';
import { ThrottledError, UNLOCKED_DEFAULTS, VAULT_DEFAULTS, createVault } from './vault';

const SECRET = { mnemonic: 'test test test test test test test test test test test junk' };
const PASSWORD = 'correct horse';

/** A vault over `backend` with a clock the test moves; a second one over the same backend is a restarted worker. */
function vaultOver(backend: StorageBackend, clock: { now: number }) {
  const local = typedStorage(backend, VAULT_DEFAULTS);
  return { local, vault: createVault(local, typedStorage(memoryBackend(), UNLOCKED_DEFAULTS), () => clock.now) };
}

async function withOldVault(iterations = 1000) {
  const backend = memoryBackend();
  await backend.set({ vault: await encryptVault(SECRET, PASSWORD, iterations) });
  return backend;
}

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a failure'); }, (e: Error) => e);

describe('wrong-password throttling', () => {
  it('waits nothing for the first few failures, then twice as long each time, up to 15 minutes', () => {
    expect([0, 1, 2].map(delayAfter)).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map(delayAfter)).toEqual([2000, 4000, 8000, 16000]);
    expect(delayAfter(40)).toBe(MAX_DELAY_MS);
  });

  it('refuses attempts until the wait is over, without trying the password, and says when', async () => {
    const clock = { now: 1_000_000 };
    const { vault } = vaultOver(await withOldVault(), clock);
    for (let i = 0; i < FREE_FAILURES; i++) expect(await failure(vault.unlock('wrong horse'))).toBeInstanceOf(WrongPasswordError);
    expect(await vault.unlockRetryAt()).toBe(clock.now + 2000);
    const throttled = await failure(vault.unlock(PASSWORD));
    expect(throttled).toBeInstanceOf(ThrottledError);
    expect(throttled.message).toBe('Too many wrong passwords: try again in 2 s');
    expect(await vault.isUnlocked()).toBe(false);
    clock.now += 2000;
    expect(await vault.unlockRetryAt()).toBeNull();
    await vault.unlock(PASSWORD);
    expect(await vault.isUnlocked()).toBe(true);
  });

  it('is kept in storage: a restarted worker still waits, and a success resets it', async () => {
    const clock = { now: 5_000_000 };
    const backend = await withOldVault();
    const first = vaultOver(backend, clock).vault;
    for (let i = 0; i < FREE_FAILURES + 1; i++) {
      await failure(first.unlock('wrong horse'));
      clock.now += delayAfter(i + 1);
    }
    clock.now -= delayAfter(FREE_FAILURES + 1);
    const restarted = vaultOver(backend, clock);
    expect(await failure(restarted.vault.unlock(PASSWORD))).toBeInstanceOf(ThrottledError);
    clock.now += delayAfter(FREE_FAILURES + 1);
    await restarted.vault.unlock(PASSWORD);
    expect(await restarted.local.get('unlockThrottle')).toEqual({ failures: 0, retryAt: 0 });
  });

  it('counts attempts made at the same moment one by one', async () => {
    const clock = { now: 0 };
    const { vault, local } = vaultOver(await withOldVault(), clock);
    const outcomes = await Promise.all(Array.from({ length: FREE_FAILURES + 2 }, () => failure(vault.unlock('wrong horse'))));
    expect(outcomes.filter((e) => e instanceof WrongPasswordError)).toHaveLength(FREE_FAILURES);
    expect(outcomes.filter((e) => e instanceof ThrottledError)).toHaveLength(2);
    expect((await local.get('unlockThrottle')).failures).toBe(FREE_FAILURES);
  });
});

describe('vault iterations and damage', () => {
  it('re-encrypts a vault below 600,000 iterations at unlock; the phrase and password stay the same', async () => {
    const { vault, local } = vaultOver(await withOldVault(10_000), { now: 0 });
    await vault.unlock(PASSWORD);
    expect((await local.get('vault'))?.kdf.iterations).toBe(PBKDF2_ITERATIONS);
    await vault.lock();
    expect(await vault.unlock(PASSWORD)).toEqual(SECRET);
  });

  it.each([
    ['not an object', 'x'],
    ['unsupported version 2', { version: 2 }],
    ['PBKDF2 iterations', { version: 1, kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: 1e12, salt: `0x${'11'.repeat(16)}` }, cipher: { name: 'AES-GCM', iv: `0x${'22'.repeat(12)}` }, ciphertext: '0x33' }],
    ['PBKDF2 iterations', { version: 1, kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: '600000', salt: `0x${'11'.repeat(16)}` }, cipher: { name: 'AES-GCM', iv: `0x${'22'.repeat(12)}` }, ciphertext: '0x33' }],
    ['salt of at least 16 bytes', { version: 1, kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: 1000, salt: '0x11' }, cipher: { name: 'AES-GCM', iv: `0x${'22'.repeat(12)}` }, ciphertext: '0x33' }],
    ['AES-GCM with a 12-byte iv', { version: 1, kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations: 1000, salt: `0x${'11'.repeat(16)}` }, cipher: { name: 'AES-GCM' }, ciphertext: '0x33' }],
  ])('a damaged vault (%s) is a clear error, not a crash, and counts no failure', async (why, stored) => {
    const backend = memoryBackend();
    await backend.set({ vault: stored });
    const { vault, local } = vaultOver(backend, { now: 0 });
    const error = await failure(vault.unlock(PASSWORD));
    expect(error).toBeInstanceOf(CorruptVaultError);
    expect(error.message).toMatch(/^The stored wallet is damaged \(.*\): restore it from its recovery phrase$/);
    expect(error.message).toContain(why);
    expect((await local.get('unlockThrottle')).failures).toBe(0);
  });

  it('a vault that decrypts to something else than a phrase is damaged too', async () => {
    const backend = memoryBackend();
    await backend.set({ vault: await encryptVault({ nothing: true } as never, PASSWORD, 1000) });
    expect(await failure(vaultOver(backend, { now: 0 }).vault.unlock(PASSWORD))).toBeInstanceOf(CorruptVaultError);
  });
});

describe('the secret in memory', () => {
  it('is kept by nothing of the vault once locked: the unlocked secret is left to the collector', async () => {
    const { vault } = vaultOver(await withOldVault(), { now: 0 });
    // Read without keeping it, which the test's own suspended frame could.
    const unlocked = await vault.unlock(PASSWORD).then((secret) => new WeakRef(secret));
    await vault.lock();
    expect(await isCollected(unlocked)).toBe(true);
  });
});
