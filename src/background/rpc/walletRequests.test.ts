/** The wallet's own approvals (Speed up, Cancel, Revert to a plain account, Permissions' revokes) are out of every page's reach. */
import { describe, expect, it } from 'vitest';
import type { ApprovalRecord } from '../approvals/types';
import type { Services } from '../services';
import { completeApproval, runRequest } from './pipeline';

const ORIGIN = 'https://dapp.example';
const replyTo = { tabId: 3, frameId: 0, origin: ORIGIN, requestId: '1' };

describe('walletMethods', () => {
  it('are not methods a dapp can call', async () => {
    const services = {} as Services;
    for (const method of ['replaceTransaction', 'revokeDelegation', 'revertForeignDelegation', 'wallet_revokeGrants']) {
      expect(await runRequest({ method, params: [] }, { origin: ORIGIN, method, replyTo, services })).toMatchObject({ error: { code: 4200 } });
    }
  });

  it('are never finished for a request that came from a tab', async () => {
    const record = { id: 'a', type: 'revokeDelegation', method: 'revokeDelegation', origin: ORIGIN, replyTo, createdAt: 0, details: {} } as unknown as ApprovalRecord;
    await expect(completeApproval({} as Services, record, { approved: true, answer: 'market' })).rejects.toThrow(/No approval of type revokeDelegation/);
  });

  it('are never finished for a revoke that came from a tab: its approval marks what it revokes of every site', async () => {
    const record = { id: 'a', type: 'sendTransaction', method: 'wallet_revokeGrants', origin: ORIGIN, replyTo, createdAt: 0, details: {} } as unknown as ApprovalRecord;
    await expect(completeApproval({} as Services, record, { approved: true, answer: 'market' })).rejects.toThrow(/No approval of type sendTransaction/);
  });

  it('are never finished for a request without a tab that is not the wallet\'s own (a context with tab id -1)', async () => {
    const record = { id: 'a', type: 'revokeDelegation', method: 'revokeDelegation', origin: ORIGIN, replyTo: { ...replyTo, tabId: -1 }, createdAt: 0, details: {} } as unknown as ApprovalRecord;
    await expect(completeApproval({} as Services, record, { approved: true, answer: 'market' })).rejects.toThrow(/No approval of type revokeDelegation/);
  });
});
