import { describe, expect, it } from 'vitest';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { PERMISSIONS_DEFAULTS, type SitePermission } from './permissions';
import { createPermissions } from './permissions';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';

describe('permissions', () => {
  it('keeps accounts per origin and revokes one origin only', async () => {
    const permissions = createPermissions(typedStorage(memoryBackend(), PERMISSIONS_DEFAULTS));
    await permissions.grant('https://a.example', [A]);
    await permissions.grant('https://b.example', [A, B]);
    expect(await permissions.accountsOf('https://a.example')).toEqual([A]);
    expect(await permissions.accountsOf('https://c.example')).toEqual([]);
    await permissions.revoke('https://a.example');
    expect(await permissions.accountsOf('https://a.example')).toEqual([]);
    expect(Object.keys(await permissions.list())).toEqual(['https://b.example']);
  });

  it('replaces an origin’s accounts with the latest choice, and concurrent grants all land', async () => {
    const permissions = createPermissions(typedStorage(memoryBackend(), PERMISSIONS_DEFAULTS));
    await permissions.grant('https://a.example', [A, B]);
    await permissions.grant('https://a.example', [B]);
    expect(await permissions.accountsOf('https://a.example')).toEqual([B]);
    await Promise.all(['1', '2', '3'].map((n) => permissions.grant(`https://${n}.example`, [A])));
    expect(Object.keys(await permissions.list())).toHaveLength(4);
  });
});

describe('permissions a content script planted (storage.local, Firefox)', () => {
  const planted = async () => {
    const local = typedStorage(memoryBackend(), PERMISSIONS_DEFAULTS);
    await local.set('permissions', {
      'https://null.example': null,
      'https://text.example': { accounts: '0xaa', grantedAt: 1 },
      'https://holes.example': { accounts: [null, A], grantedAt: 1 },
      'https://a.example': { accounts: [A, B], grantedAt: 1 },
    } as unknown as Record<string, SitePermission>);
    return { local, permissions: createPermissions(local) };
  };

  it('are left out of the sites listed, so the popup\'s state, which reads every site\'s accounts, still opens: a null among them made it throw until the wallet was reset', async () => {
    const { permissions } = await planted();
    expect(await permissions.list()).toEqual({ 'https://a.example': { accounts: [A, B], grantedAt: 1 } });
  });

  it('give their site no accounts, so unlocking still tells every site its accounts: a list of text or with a null made the unlock fail after the vault opened', async () => {
    const { permissions } = await planted();
    expect(await Promise.all(['null', 'text', 'holes', 'a'].map((site) => permissions.accountsOf(`https://${site}.example`)))).toEqual([[], [], [], [A, B]]);
    expect(await permissions.accountsOf('constructor')).toEqual([]);
  });

  it('do not keep the user from removing an account: dropping it from every site threw on a null', async () => {
    const { permissions } = await planted();
    await permissions.dropAccount(A);
    expect(await permissions.list()).toEqual({ 'https://a.example': { accounts: [B], grantedAt: 1 } });
  });
});
