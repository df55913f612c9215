import { describe, expect, it } from 'vitest';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { WrongPasswordError, decryptVault, encryptVault } from './crypto';
import { createVaultRewrite } from './rewrite';
import { ThrottledError, UNLOCKED_DEFAULTS, VAULT_DEFAULTS, createVault } from './vault';

const PHRASE = 'test test test test test test test test test test test junk';

async function setup() {
  const local = typedStorage(memoryBackend(), VAULT_DEFAULTS);
  const session = typedStorage(memoryBackend(), UNLOCKED_DEFAULTS);
  // Few iterations: the tests check the rewrite, not the KDF's cost.
  await local.set('vault', await encryptVault({ mnemonic: PHRASE }, 'old password', 1000));
  return { local, session, rewrite: createVaultRewrite(local, session, createVault(local, session), 8) };
}

describe('vault rewrite', () => {
  it('reads the phrase only with the right password', async () => {
    const { rewrite } = await setup();
    expect((await rewrite.verified('old password')).mnemonic).toBe(PHRASE);
    await expect(rewrite.verified('wrong password')).rejects.toBeInstanceOf(WrongPasswordError);
  });

  it('wrong passwords are throttled as at unlock: guessing through "reveal" is no faster', async () => {
    const { rewrite } = await setup();
    for (let i = 0; i < 3; i++) await expect(rewrite.verified('wrong password')).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(rewrite.verified('old password')).rejects.toBeInstanceOf(ThrottledError);
  });

  it('encrypts the changed secret under the new password; the old one no longer opens it', async () => {
    const { local, session, rewrite } = await setup();
    await rewrite.rewrite('old password', (s) => ({ ...s, importedKeys: ['0x01'] }), 'new password');
    const file = (await local.get('vault'))!;
    expect(await decryptVault(file, 'new password')).toEqual({ mnemonic: PHRASE, importedKeys: ['0x01'] });
    await expect(decryptVault(file, 'old password')).rejects.toBeInstanceOf(WrongPasswordError);
    expect(await session.get('secret')).toEqual({ mnemonic: PHRASE, importedKeys: ['0x01'] });
  });

  it('changes nothing when the password is wrong or the new one too short', async () => {
    const { local, rewrite } = await setup();
    const before = await local.get('vault');
    await expect(rewrite.rewrite('wrong password', (s) => s, 'new password')).rejects.toBeInstanceOf(WrongPasswordError);
    await expect(rewrite.rewrite('old password', (s) => s, 'short')).rejects.toThrow(/at least 8/);
    expect(await local.get('vault')).toEqual(before);
  });
});
