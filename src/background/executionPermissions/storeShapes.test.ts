/** What the grant store reads back: every shape the wallet grants, and no record without a grant's shape. */
import { describe, expect, it } from 'vitest';
import { grantsCode, noRevokeRecords } from './grantsCode.fixture';
import { MAX_REVOKE_BATCHES } from './sentRevokes';
import { createGrants, memoryGrantRecordStore, type GrantRecord } from './store';
import { grant, sentAs } from './store.fixture';

/** A record of each permission type and rule the wallet grants, as the store keeps them. */
const everyShape = (): GrantRecord[] => {
  const common = { startTime: 1, justification: 'why' };
  const token = '0x0000000000000000000000000000000000000004' as const;
  const permissions: GrantRecord['permission'][] = [
    { type: 'native-token-stream', isAdjustmentAllowed: true, data: { ...common, initialAmount: '0x1', maxAmount: '0x2', amountPerSecond: '0x3' } },
    { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { ...common, periodAmount: '0x1', periodDuration: 86_400 } },
    { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { ...common, allowanceAmount: '0x1' } },
    { type: 'erc20-token-stream', isAdjustmentAllowed: true, data: { ...common, initialAmount: '0x1', maxAmount: '0x2', amountPerSecond: '0x3', tokenAddress: token } },
    { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { ...common, periodAmount: '0x1', periodDuration: 3_600, tokenAddress: token } },
    { type: 'erc20-token-allowance', isAdjustmentAllowed: false, data: { ...common, allowanceAmount: '0x1', tokenAddress: token } },
  ];
  const rules: GrantRecord['rules'] = [{ type: 'expiry', data: { timestamp: 2_000_000_000 } }, { type: 'redeemer', data: { addresses: [token] } }, { type: 'payee', data: { addresses: [token] } }];
  const caveats = [{ enforcer: token, terms: '0x00', args: '0x' }] as GrantRecord['delegation']['caveats'];
  // Marked revoked, half of them before the wallet named its revokes, some of those after with what each came to.
  const outcomes = [{}, { outcome: 'landed' as const }, { outcome: 'failed' as const }];
  const revokeBatches = (i: number) => (i % 2 === 0 ? {} : { revokeBatches: [{ origin: 'wallet', batchId: `r${i}`, ...outcomes[i % 3] }] });
  return permissions.map((permission, i) => ({ ...grant(i + 1), permission, rules, revokedAt: i, ...revokeBatches(i), delegation: { ...grant(i + 1).delegation, caveats } }));
};

describe('a record without a grant\'s shape (storage migration 5 moved whatever storage.local held, a content script\'s too)', () => {
  const id = `0x${'2'.repeat(64)}`;
  const good = grant(1);
  it.each([
    ['an id and an origin only', { id, origin: 'https://planted.example' }],
    ['no amount in its permission', { ...good, id, permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { startTime: 1, justification: '' } } }],
    ['a permission type the wallet does not grant', { ...good, id, permission: { ...good.permission, type: 'anything' } }],
    ['a rule without its data', { ...good, id, rules: [{ type: 'expiry' }] }],
    ['a delegation manager that is no address', { ...good, id, delegationManager: 42 }],
    ['a caveat without terms', { ...good, id, delegation: { ...good.delegation, caveats: [{ enforcer: '0x01', args: '0x' }] } }],
    ['no token facts', { ...good, id, token: undefined }],
    ['a revoke named without its batch', { ...good, id, revokedAt: 5, revokeBatches: [{ origin: 'wallet' }] }],
    ['a revoke named with an outcome the wallet never writes', { ...good, id, revokedAt: 5, revokeBatches: [{ ...sentAs('r'), outcome: 'revoked' }] }],
    ['more revokes named than the wallet keeps', { ...good, id, revokedAt: 5, revokeBatches: Array.from({ length: MAX_REVOKE_BATCHES + 1 }, (_, i) => sentAs(`r${i}`)) }],
    ['null', null],
  ])('with %s: neither listed nor found, and gone after the next change', async (_what, planted) => {
    const store = memoryGrantRecordStore();
    await store.save([good, planted as unknown as GrantRecord]);
    const grants = createGrants(store, Promise.resolve(), grantsCode, noRevokeRecords);
    expect(await grants.list()).toEqual([good]);
    expect(await grants.find(id as GrantRecord['id'])).toBeUndefined();
    await grants.markRevoked(good.id, 5, sentAs('r'));
    expect(await store.load()).toEqual([{ ...good, revokedAt: 5, revokeBatches: [sentAs('r')] }]);
  });

  it('keeps every permission type and rule the wallet grants', async () => {
    const store = memoryGrantRecordStore();
    await store.save(everyShape());
    expect(await createGrants(store, Promise.resolve(), grantsCode, noRevokeRecords).list()).toEqual(everyShape());
  });
});
