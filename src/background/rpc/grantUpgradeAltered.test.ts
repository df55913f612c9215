/** A grant's upgrade step whose record was altered outside the wallet (storage.local, a content script on Firefox). */
import { describe, expect, it, vi } from 'vitest';
import { DELEGATOR_V08, delegationCode } from '../../shared/contracts';
import type { GrantPermissionsDetails } from '../../shared/grants';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import { allAltered, fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import * as grantCode from '../executionPermissions/grantCode';
import { memoryGrantRecordStore } from '../executionPermissions/store';
import type { Services } from '../services';

// A step approved is sent: here, at once.
vi.mock('../batches/run', async (original) => ({ ...(await original<object>()), sendBatch: vi.fn(async () => ({ transactions: [{ hash: '0xab' }] })) }));
import { approvalSpecOf } from './pipeline';

const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SITE = 'https://dapp.example';
const HASH: Hex = `0x${'a'.repeat(64)}`;

describe('wallet_requestExecutionPermissions on Grant, its upgrade step altered in storage', () => {
  it('grants nothing on a step record that reads as landed: the runner read it unchecked, so a planted receipt passed for the upgrade\'s', async () => {
    const details = {
      account: ACCOUNT, chainId: '0x7a69', networkName: 'Local devnet', symbol: 'ETH', grants: [{}],
      upgrade: { batchId: 'up', gasLimit: '55200', maxFee: '1', replaces: null, delegate: { address: ACCOUNT, name: 'DeleGator' }, dangers: [] },
    } as unknown as GrantPermissionsDetails;
    const record = { id: 'a', type: 'grantPermissions', method: 'wallet_requestExecutionPermissions', origin: SITE, replyTo: { tabId: 1, frameId: 0, origin: SITE, requestId: '1' }, createdAt: 0, details } as ApprovalRecord;
    const landed = {
      id: 'up', origin: SITE, chainId: '0x7a69', from: ACCOUNT, atomic: false, upgrade: true, calls: [], gasLimits: ['0xd7a0'], state: 'sent', createdAt: 1,
      transactions: [{ hash: HASH, raw: '0x', nonce: 0, calls: [], sent: true, final: true, receipt: { status: '0x1', logs: [], blockHash: HASH, blockNumber: '0x5', gasUsed: '0x1', transactionHash: HASH } }],
    } as unknown as BatchRecord;
    // The account delegates to the DeleGator (its upgrade landed, or was made elsewhere): only the record said whose it was.
    const node = async (method: string) => (method === 'eth_getCode' ? delegationCode(DELEGATOR_V08) : `0x${'0'.repeat(64)}`);
    const signed = vi.fn(async () => [{}]);
    const services = {
      nodeFor: async () => node, accounts: { signer: async () => ({}) }, detection: { stored: async () => undefined },
      grants: { list: async () => [], add: async () => true, nonceStore: memoryGrantRecordStore() },
      batches: { ...fakeBatches([landed], allAltered), remove: async () => undefined },
      grantCode: { ...grantCode, adjustedGrants: async () => [], signedGrants: signed },
    } as unknown as Services;
    await expect(approvalSpecOf(record)!.approve(record, [], services)).rejects.toMatchObject({ code: 5750, message: expect.stringMatching(/did not land/) });
    expect(signed).not.toHaveBeenCalled();
  });
});
