/** A site's grant whose revoke failed (reverted, dropped, cancelled) is in force for it, as Permissions counts it (../executionPermissions/revoked.ts). */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import * as grantCode from '../executionPermissions/grantCode';
import { frameworkOn } from '../executionPermissions/framework';
import { MAX_GRANTS_PER_SITE, type GrantRecord } from '../executionPermissions/store';
import { siteRequests } from './connectedSite.fixture';

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SITE = 'https://dapp.example';
const CONTEXT: Hex = '0xc0';
const grant = { origin: SITE, chainId: '0x7a69', from: ACCOUNT, context: CONTEXT } as Partial<GrantRecord>;

/** The pipeline's services for a connected site, with `extra` for the method's own; `asked` lists the windows asked for. */
const siteServices = (extra: Record<string, unknown>) => siteRequests(SITE, ACCOUNT, extra);

describe('a grant whose revoke failed (reverted, dropped, cancelled), as its site sees it', () => {
  // On the devnet's own DelegationManager (revokeCall refuses any other), marked revoked once its revoke was sent.
  const revoked = {
    ...grant, id: `0x${'1'.repeat(64)}`, grantedAt: 1, revokedAt: 11, delegationManager: frameworkOn(31337)!.delegationManager,
    delegation: { delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', delegator: ACCOUNT, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '0x1', signature: '0x1234' },
  } as GrantRecord;
  /** The wallet's record of that revoke, sent and reverted. */
  const reverted = async (): Promise<BatchRecord> => ({
    id: 'r', origin: SITE, chainId: '0x7a69', from: ACCOUNT, atomic: false, upgrade: false, gasLimits: ['0x5208'], state: 'sent', createdAt: 10,
    calls: [{ value: '0x0', ...(await grantCode.revokeCall(revoked)) }],
    transactions: [{ hash: `0x${'a'.repeat(64)}`, raw: '0x', nonce: 0, calls: [0], sent: true, receipt: { status: '0x0', logs: [], blockHash: `0x${'b'.repeat(64)}`, blockNumber: '0x5', gasUsed: '0x5208', transactionHash: `0x${'a'.repeat(64)}` } }],
  });
  const held = async (grants: Partial<GrantRecord>[], records: BatchRecord[]) => ({
    grants: { list: async (origin?: string) => grants.filter((g) => origin === undefined || g.origin === origin) },
    batches: fakeBatches(records),
  });

  it('is still in wallet_getGrantedExecutionPermissions: the wallet knows its revoke did nothing, so the grant is in force', async () => {
    const { send } = await siteServices({ ...(await held([revoked], [await reverted()])), grantCode });
    expect(await send('wallet_getGrantedExecutionPermissions', [])).toEqual({ result: [expect.objectContaining({ context: CONTEXT, from: ACCOUNT })] });
  });

  it('is gone from it while its revoke is sent and not failed', async () => {
    const batch = await reverted();
    const { send } = await siteServices({ ...(await held([revoked], [{ ...batch, transactions: batch.transactions.map(({ receipt: _, ...sent }) => sent) }])), grantCode });
    expect(await send('wallet_getGrantedExecutionPermissions', [])).toEqual({ result: [] });
  });

  it('is not back in it from a page’s failed transaction carrying its revoke once Activity’s history dropped the revoke that went through', async () => {
    // Revoked by the site's own revoke `r` (its approval names it on the record, and what it came to once decided),
    // which the batches kept no longer hold.
    const named = { ...revoked, revokeBatches: [{ origin: SITE, batchId: 'r', outcome: 'landed' as const }] };
    const pages = { ...(await reverted()), id: 'p', createdAt: 20 };
    const { send } = await siteServices({ ...(await held([named], [pages])), grantCode });
    expect(await send('wallet_getGrantedExecutionPermissions', [])).toEqual({ result: [] });
  });

  it('is in it once its failed revoke is gone from Activity’s history with no outcome written: a page decides when a record leaves', async () => {
    const named = { ...revoked, revokeBatches: [{ origin: SITE, batchId: 'r' }] };
    const { send } = await siteServices({ ...(await held([named], [])), grantCode });
    expect(await send('wallet_getGrantedExecutionPermissions', [])).toEqual({ result: [expect.objectContaining({ context: CONTEXT })] });
  });

  it('can be revoked by its site again (the request goes on to the network check)', async () => {
    const { send } = await siteServices({ ...(await held([revoked], [await reverted()])), grantCode, networks: { selected: async () => ({ chainId: '0x1', name: 'Ethereum' }) } });
    expect(await send('wallet_revokeExecutionPermission', [{ permissionContext: CONTEXT }])).toEqual({ error: { code: -32602, message: expect.stringMatching(/does not match the selected network/) } });
  });

  it('counts in its site’s share: a request past it is -32602 before any window', async () => {
    const others = Array.from({ length: MAX_GRANTS_PER_SITE - 1 }, () => ({ ...grant }));
    const { send, asked } = await siteServices({ ...(await held([...others, revoked], [await reverted()])), grantCode });
    const request = {
      chainId: '0x7a69', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: [{ type: 'expiry', data: { timestamp: Math.floor(Date.now() / 1000) + 3600 } }],
      permission: { type: 'native-token-allowance', isAdjustmentAllowed: false, data: { allowanceAmount: '0x1' } },
    };
    expect(await send('wallet_requestExecutionPermissions', [request])).toEqual({ error: { code: -32602, message: expect.stringMatching(/holds as many grants as the wallet keeps for a site/) } });
    expect(asked).toEqual([]);
  });
});
