/** What Revoke all counts on beyond a node's word: the nonces the wallet signed, and what its own Revoke alls reached. */
import { AbiCoder, id, zeroPadValue } from 'ethers';
import { describe, expect, it } from 'vitest';
import { DELEGATOR_V08, delegationCode } from '../../shared/contracts';
import { ErrorCode } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { frameworkOn } from './framework';
import { revokeAllCall, revokeAllCalls, revokeAllIncrements } from './nonce';
import { MAX_AHEAD, NO_NONCES, noncesSent, revokeAllNeeds, revokeAllPlanned, revokeAllStillPast, settledNonces, signingNonce, updateNonces } from './nonceMarks';
import { grantsCode, noRevokeRecords } from './grantsCode.fixture';
import { createGrants, memoryGrantRecordStore, type GrantRecord } from './store';

const { delegationManager, enforcers } = frameworkOn(31337)!;
const ACCOUNT: Hex = '0x00000000000000000000000000000000000000aa';
const CHAIN: Hex = '0x7a69';
const says = (nonce: bigint) => (async () => AbiCoder.defaultAbiCoder().encode(['uint256'], [nonce])) as unknown as ChainNode;
const noBatches = fakeBatches([]);
const usedNonce = (nonce: bigint) => ({
  address: enforcers.nonce, data: AbiCoder.defaultAbiCoder().encode(['uint256'], [nonce]) as Hex,
  topics: [id('UsedNonce(address,address,uint256)'), zeroPadValue(delegationManager, 32), zeroPadValue(ACCOUNT, 32)] as Hex[],
});
/** A Revoke all batch of the account, its transaction mined with `logs` (status 0x1) or pending. */
const revokeBatch = async (logs?: ReturnType<typeof usedNonce>[], status: Hex = '0x1'): Promise<BatchRecord> => ({
  id: 'b1', origin: 'chrome-extension://wallet', state: 'sent', from: ACCOUNT, chainId: CHAIN, calls: [{ ...(await revokeAllCall(CHAIN)), value: '0x0' }], createdAt: 1,
  transactions: [{ sent: true, hash: '0x01', ...(logs ? { receipt: { logs, status, blockHash: '0x02', blockNumber: '0x3', gasUsed: '0x1', transactionHash: '0x01' } } : {}) }],
} as unknown as BatchRecord);
const batchesHolding = (batch: BatchRecord, altered = false) => fakeBatches([batch], () => altered);

describe('signingNonce', () => {
  it('signs at the node’s nonce and marks it signed, never lowering the mark', async () => {
    expect(await signingNonce(says(3n), { account: ACCOUNT, chainId: CHAIN }, { reached: '0', signed: '5' }, noBatches)).toEqual({ nonce: 3n, nonces: { reached: '0', signed: '5' } });
    expect((await signingNonce(says(7n), { account: ACCOUNT, chainId: CHAIN }, NO_NONCES, noBatches)).nonces.signed).toBe('7');
  });

  it('is -32002 at a nonce the wallet’s own confirmed Revoke all went past: the grant would be born revoked, or the node is wrong', async () => {
    await expect(signingNonce(says(1n), { account: ACCOUNT, chainId: CHAIN }, { reached: '2' }, noBatches)).rejects.toMatchObject({ code: ErrorCode.resourceUnavailable, message: expect.stringMatching(/behind or wrong/) });
  });

  it('is -32002 more than MAX_AHEAD past what the wallet knows: each later Revoke all would pay for every step', async () => {
    expect((await signingNonce(says(MAX_AHEAD), { account: ACCOUNT, chainId: CHAIN }, NO_NONCES, noBatches)).nonce).toBe(MAX_AHEAD);
    await expect(signingNonce(says(MAX_AHEAD + 1n), { account: ACCOUNT, chainId: CHAIN }, NO_NONCES, noBatches)).rejects.toMatchObject({ code: ErrorCode.resourceUnavailable });
  });
});

describe('revokeAllNeeds', () => {
  const carrying = (nonce: bigint) => ({ delegation: { caveats: [{ enforcer: enforcers.nonce, terms: AbiCoder.defaultAbiCoder().encode(['uint256'], [nonce]) }] } }) as unknown as GrantRecord;

  it('goes past the highest nonce signed from no higher than the wallet knows, though the node says the nonce is already there', () => {
    expect(revokeAllNeeds({ reached: '0', signed: '1' }, [], 1n, CHAIN)).toBe(2n);
    expect(revokeAllNeeds({ reached: '0', signed: '1' }, [], 0n, CHAIN)).toBe(2n);
    expect(revokeAllNeeds({ reached: '1', signed: '1' }, [], 1n, CHAIN)).toBe(1n);
  });

  it('counts the grants kept from before the marks were, and raises at least once past a nonce the node says is higher', () => {
    expect(revokeAllNeeds(NO_NONCES, [carrying(3n)], 0n, CHAIN)).toBe(4n);
    expect(revokeAllNeeds({ reached: '0', signed: '0' }, [], 9n, CHAIN)).toBe(1n);
  });
});

describe('settledNonces', () => {
  it('counts a confirmed Revoke all by the increments its receipt shows, no more than it asked', async () => {
    const sent = { reached: '1', signed: '2', sent: { origin: 'chrome-extension://wallet', batchId: 'b1' } };
    expect(await settledNonces(sent, CHAIN, batchesHolding(await revokeBatch([usedNonce(1n)])))).toEqual({ reached: '2', signed: '2' });
    expect(await settledNonces(sent, CHAIN, batchesHolding(await revokeBatch([])))).toEqual({ reached: '1', signed: '2' });
  });

  it('counts no UsedNonce log a node added to the receipt past the increments the batch asked: reached would pass the chain', async () => {
    // One increment asked, 50 logs said: counted as 50, every grant after was refused at the true nonce, and a node that
    // also overstated the nonce at Revoke all made it stop exactly on a sleeping grant.
    const sent = { reached: '1', signed: '2', sent: { origin: 'chrome-extension://wallet', batchId: 'b1' } };
    const padded = Array.from({ length: 50 }, (_, i) => usedNonce(BigInt(i + 1)));
    expect(await settledNonces(sent, CHAIN, batchesHolding(await revokeBatch(padded)))).toEqual({ reached: '2', signed: '2' });
  });

  it('waits for a pending one, forgets a failed, gone or altered one', async () => {
    const sent = { reached: '1', sent: { origin: 'chrome-extension://wallet', batchId: 'b1' } };
    expect(await settledNonces(sent, CHAIN, batchesHolding(await revokeBatch()))).toEqual(sent);
    expect(await settledNonces(sent, CHAIN, batchesHolding(await revokeBatch([usedNonce(1n)], '0x0')))).toEqual({ reached: '1' });
    expect(await settledNonces(sent, CHAIN, noBatches)).toEqual({ reached: '1' });
    expect(await settledNonces(sent, CHAIN, batchesHolding(await revokeBatch([usedNonce(1n)]), true))).toEqual({ reached: '1' });
  });

  it('keeps a batch as the Revoke all sent only when its call raises the nonce', async () => {
    const batch = await revokeBatch();
    expect((await noncesSent(NO_NONCES, batch, noBatches)).sent).toEqual({ origin: batch.origin, batchId: batch.id });
    expect((await noncesSent(NO_NONCES, { ...batch, calls: [{ to: ACCOUNT, value: '0x0', data: '0x' }] }, noBatches)).sent).toBeUndefined();
  });
});

describe('revokeAllStillPast', () => {
  const approval = { origin: 'chrome-extension://wallet', details: { batchId: 'b1' } };
  const servicesWith = async (nonces: { reached: string; signed?: string }, batch: BatchRecord) => {
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokeRecords);
    await updateNonces(grants.nonceStore, { account: ACCOUNT, chainId: CHAIN }, async () => nonces);
    return { grants, batches: { ...batchesHolding(batch), remove: async () => undefined }, nodeFor: async () => says(5n) };
  };

  it('is -32002 once a grant was signed past the nonce a waiting Revoke all goes to: sent, it would stop on that grant', async () => {
    // Planned at nonce 5 with 5 signed: one increment. A grant then approved where a node said 6 would wake at 6.
    const batch = await revokeBatch();
    await expect(revokeAllStillPast(await servicesWith({ reached: '5', signed: '6' }, batch), approval)).rejects.toMatchObject({ code: ErrorCode.resourceUnavailable, message: expect.stringMatching(/Revoke all again/) });
  });

  it('lets a Revoke all that still goes past every grant signed, and any other call, be sent', async () => {
    await expect(revokeAllStillPast(await servicesWith({ reached: '5', signed: '5' }, await revokeBatch()), approval)).resolves.toBeUndefined();
    const other = { ...(await revokeBatch()), calls: [{ to: ACCOUNT, value: '0x0', data: '0x' }] } as BatchRecord;
    await expect(revokeAllStillPast(await servicesWith({ reached: '0', signed: '9' }, other), approval)).resolves.toBeUndefined();
  });
});

describe('revokeAllPlanned', () => {
  it('is -32002 while the account’s last Revoke all is pending: sent over it, its increments were never counted, every later Revoke all paid them again, and enough such losses refused grants and Revoke all', async () => {
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokeRecords);
    await updateNonces(grants.nonceStore, { account: ACCOUNT, chainId: CHAIN }, async () => ({ reached: '0', signed: '0', sent: { origin: 'chrome-extension://wallet', batchId: 'b1' } }));
    const services = { grants, batches: batchesHolding(await revokeBatch()), nodeFor: async () => says(0n) };
    await expect(revokeAllPlanned(services, { account: ACCOUNT, chainId: CHAIN, grants: [] })).rejects.toMatchObject({ code: ErrorCode.resourceUnavailable, message: expect.stringMatching(/not confirmed yet/) });
    const confirmed = { grants, batches: batchesHolding(await revokeBatch([usedNonce(0n)])), nodeFor: async () => says(1n) };
    expect(await revokeAllPlanned(confirmed, { account: ACCOUNT, chainId: CHAIN, grants: [] })).toEqual(await revokeAllCall(CHAIN));
  });
});

describe('the nonces kept', () => {
  it('are per chain and account, and outlive a wallet reset: the delegations signed before it are still the sites’', async () => {
    const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokeRecords);
    const of = (chainId: Hex, account: Hex) => updateNonces(grants.nonceStore, { account, chainId }, async (current) => current);
    await updateNonces(grants.nonceStore, { account: ACCOUNT, chainId: CHAIN }, async (current) => ({ ...current, signed: '4' }));
    await grants.clear();
    expect(await of(CHAIN, ACCOUNT.toUpperCase().replace('0X', '0x') as Hex)).toEqual({ reached: '0', signed: '4' });
    expect(await of('0x1', ACCOUNT)).toEqual(NO_NONCES);
  });
});

describe('revokeAllIncrements', () => {
  it('reads Revoke all’s one call and the account’s own batch of them, and nothing else', async () => {
    const deleGatorNode = (async () => delegationCode(DELEGATOR_V08)) as unknown as ChainNode;
    expect(await revokeAllIncrements(await revokeAllCall(CHAIN), ACCOUNT, CHAIN)).toBe(1);
    expect(await revokeAllIncrements(await revokeAllCalls(deleGatorNode, { account: ACCOUNT, chainId: CHAIN, increments: 3n }), ACCOUNT, CHAIN)).toBe(3);
    expect(await revokeAllIncrements({ to: ACCOUNT, data: '0x' }, ACCOUNT, CHAIN)).toBe(0);
  });
});
