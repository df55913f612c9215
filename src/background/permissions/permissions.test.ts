import { describe, expect, it } from 'vitest';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { PERMISSIONS_DEFAULTS } from './permissions';
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
