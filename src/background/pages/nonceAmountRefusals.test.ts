/**
 * The grant nonce refusals (executionPermissions/nonceMarks.ts) and a node's answer that is no amount
 * (networks/nodeAmount.ts) carry their words, which say in English exactly what the code that refuses wrote: each is
 * made here by that code, never copied. A dapp still gets the English message alone.
 */
import { AbiCoder } from 'ethers';
import { describe, expect, it } from 'vitest';
import { RpcError, toErrorObject } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import { grantsCode, noRevokeRecords } from '../executionPermissions/grantsCode.fixture';
import { revokeAllCall } from '../executionPermissions/nonce';
import { MAX_AHEAD, revokeAllPlanned, revokeAllStillPast, signingNonce, updateNonces } from '../executionPermissions/nonceMarks';
import { createGrants, memoryGrantRecordStore, type GrantNonces } from '../executionPermissions/store';
import { askAmount } from '../networks/nodeAmount';
import type { ChainNode } from '../networks/rpcClient';
import { pageError } from './refusalWords';
import { saysInWords } from './refusals.fixture';

const ACCOUNT: Hex = '0x00000000000000000000000000000000000000aa';
const CHAIN: Hex = '0x7a69';
/** A node that says the account's grant nonce is `nonce`. */
const says = (nonce: bigint) => (async () => AbiCoder.defaultAbiCoder().encode(['uint256'], [nonce])) as unknown as ChainNode;
const noBatches = fakeBatches([]);

/** A Revoke all of the account, sent and not yet mined. */
const pendingRevokeAll = async () => ({
  id: 'b1', origin: 'chrome-extension://wallet', state: 'sent', from: ACCOUNT, chainId: CHAIN, calls: [{ ...(await revokeAllCall(CHAIN)), value: '0x0' }], createdAt: 1,
  transactions: [{ sent: true, hash: '0x01' }],
}) as unknown as BatchRecord;

/** The grants' services with the account's nonces kept as `nonces`, the node saying 5, and `batch` the one batch. */
async function servicesWith(nonces: GrantNonces, batch: BatchRecord) {
  const grants = createGrants(memoryGrantRecordStore(), Promise.resolve(), grantsCode, noRevokeRecords);
  await updateNonces(grants.nonceStore, { account: ACCOUNT, chainId: CHAIN }, async () => nonces);
  return { grants, batches: { ...fakeBatches([batch]), remove: async () => undefined }, nodeFor: async () => says(5n) };
}

describe('the words of a grant nonce refused', () => {
  it('say a node behind the wallet\'s own Revoke all, and one too far ahead, the address and the nonces as written', async () => {
    expect(await saysInWords(signingNonce(says(1n), { account: ACCOUNT, chainId: CHAIN }, { reached: '2' }, noBatches)))
      .toEqual({ key: 'errors_grantNonceBehind', values: { address: ACCOUNT, nonce: '1', reached: '2' } });
    expect(await saysInWords(signingNonce(says(MAX_AHEAD + 1n), { account: ACCOUNT, chainId: CHAIN }, { reached: '0' }, noBatches)))
      .toEqual({ key: 'errors_grantNonceAhead', values: { address: ACCOUNT, nonce: `${MAX_AHEAD + 1n}`, max: `${MAX_AHEAD}`, reached: '0' } });
  });

  it('say a Revoke all still pending, and one that no longer goes past a grant signed while it waited', async () => {
    const pending = await servicesWith({ reached: '0', signed: '0', sent: { origin: 'chrome-extension://wallet', batchId: 'b1' } }, await pendingRevokeAll());
    expect(await saysInWords(revokeAllPlanned(pending, { account: ACCOUNT, chainId: CHAIN, grants: [] })))
      .toEqual({ key: 'errors_revokeAllPending', values: { address: ACCOUNT, chainId: CHAIN } });
    const outrun = await servicesWith({ reached: '5', signed: '6' }, await pendingRevokeAll());
    expect(await saysInWords(revokeAllStillPast(outrun, { origin: 'chrome-extension://wallet', details: { batchId: 'b1' } })))
      .toEqual({ key: 'errors_revokeAllOutrun', values: { address: ACCOUNT, asked: '1', needs: '2' } });
  });
});

describe('the words of a node\'s answer that is no amount', () => {
  it('say the method asked, as written', async () => {
    const answers = (async () => '-1') as unknown as ChainNode;
    expect(await saysInWords(askAmount(answers, 'eth_estimateGas', []))).toEqual({ key: 'errors_noAmount', values: { method: 'eth_estimateGas' } });
  });
});

describe('a dapp', () => {
  it('gets the English message alone, the screens its words too', async () => {
    const refusal = await signingNonce(says(1n), { account: ACCOUNT, chainId: CHAIN }, { reached: '2' }, noBatches).catch((error: RpcError) => error);
    expect(toErrorObject(refusal)).toEqual({ code: -32002, message: (refusal as RpcError).message });
    expect(pageError(refusal).data).toMatchObject({ words: { key: 'errors_grantNonceBehind' } });
  });
});
