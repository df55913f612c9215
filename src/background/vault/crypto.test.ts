import { describe, expect, it } from 'vitest';
import { decryptVault, encryptVault, PBKDF2_ITERATIONS, WrongPasswordError } from './crypto';

const SECRET = { mnemonic: 'test test test test test test test test test test test junk' };

describe('vault encryption', () => {
  it('round-trips with the production iteration count and never stores the phrase in clear', async () => {
    const file = await encryptVault(SECRET, 'correct horse');
    expect(file.kdf).toMatchObject({ name: 'PBKDF2', hash: 'SHA-256', iterations: PBKDF2_ITERATIONS });
    expect(PBKDF2_ITERATIONS).toBeGreaterThanOrEqual(600_000);
    expect(JSON.stringify(file)).not.toContain('junk');
    await expect(decryptVault(file, 'correct horse')).resolves.toEqual(SECRET);
  });

  it('keeps the Ledger accounts (address and path), and none when an entry is not a checksummed address and a path', async () => {
    const ledgerAccounts = [{ address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F' as const, path: "44'/60'/0'/0/0" }];
    await expect(decryptVault(await encryptVault({ ...SECRET, ledgerAccounts }, 'pw', 1000), 'pw')).resolves.toEqual({ ...SECRET, ledgerAccounts });
    const bad = [{ address: '0x71c7656ec7ab88b098defb751b7401b5f6d8976f' as const, path: "44'/60'/0'/0/0" }];
    await expect(decryptVault(await encryptVault({ ...SECRET, ledgerAccounts: bad }, 'pw', 1000), 'pw')).resolves.toEqual(SECRET);
  });

  it('rejects a wrong password', async () => {
    const file = await encryptVault(SECRET, 'correct horse', 1000);
    await expect(decryptVault(file, 'wrong horse')).rejects.toBeInstanceOf(WrongPasswordError);
  });

  it('uses a fresh salt and iv each time', async () => {
    const [a, b] = await Promise.all([encryptVault(SECRET, 'pw-pw-pw-pw', 1000), encryptVault(SECRET, 'pw-pw-pw-pw', 1000)]);
    expect(a.kdf.salt).not.toBe(b.kdf.salt);
    expect(a.cipher.iv).not.toBe(b.cipher.iv);
  });
});
