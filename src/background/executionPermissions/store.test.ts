import { describe, expect, it } from 'vitest';
import { MAX_GRANTS, MAX_GRANTS_PER_SITE, createGrants, memoryGrantRecordStore, type GrantRecord } from './store';

const grant = (n: number, origin = 'https://a.example'): GrantRecord => ({
  id: `0x${n.toString(16).padStart(64, '0')}`, origin, chainId: '0x1', from: '0x0000000000000000000000000000000000000001', to: '0x0000000000000000000000000000000000000002',
  permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x1', startTime: 1, justification: '' } }, rules: [],
  token: { symbol: 'ETH', decimals: 18 }, delegationManager: '0x0000000000000000000000000000000000000003', context: '0x', grantedAt: n,
  delegation: { delegate: '0x0000000000000000000000000000000000000002', delegator: '0x0000000000000000000000000000000000000001', authority: '0x', caveats: [], salt: '0x1', signature: '0x' },
});

const fresh = () => createGrants(memoryGrantRecordStore(), Promise.resolve());

describe('grants', () => {
  it('lists a site’s own grants, and every grant for the wallet', async () => {
    const grants = fresh();
    await grants.add(grant(1, 'https://a.example'));
    await grants.add(grant(2, 'https://b.example'));
    expect((await grants.list('https://a.example')).map((g) => g.grantedAt)).toEqual([1]);
    expect(await grants.list()).toHaveLength(2);
  });

  it('refuses a site’s grant beyond its share until one of its grants is revoked, which then makes room', async () => {
    const grants = fresh();
    for (let i = 0; i < MAX_GRANTS_PER_SITE; i++) expect(await grants.add(grant(i))).toBe(true);
    expect(await grants.add(grant(100))).toBe(false);
    // Another site is not held back by it.
    expect(await grants.add(grant(101, 'https://b.example'))).toBe(true);
    await grants.markRevoked(grant(3).id, 5);
    expect(await grants.add(grant(102))).toBe(true);
    expect(await grants.find(grant(3).id)).toBeUndefined();
    expect((await grants.list('https://a.example')).length).toBe(MAX_GRANTS_PER_SITE);
  });

  it('keeps at most MAX_GRANTS in all', async () => {
    const grants = fresh();
    for (let i = 0; i < MAX_GRANTS; i++) await grants.add(grant(i, `https://site${Math.floor(i / MAX_GRANTS_PER_SITE)}.example`));
    expect(await grants.add(grant(1000, 'https://new.example'))).toBe(false);
  });
});
