/**
 * The popup Permissions' refusals (pages/grants.ts's Revoke and Revoke all, executionPermissions/nonce.ts's Revoke all
 * call) carry their words, which say in English exactly what the code that refuses wrote: each is made here by that
 * code, never copied. A dapp still gets the English message alone.
 */
import { describe, expect, it } from 'vitest';
import { toErrorObject, type RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { MAX_INCREMENTS, revokeAllCalls } from '../executionPermissions/nonce';
import type { ChainNode } from '../networks/rpcClient';
import type { Services } from '../services';
import { grantPages } from './grants';
import { pageError } from './refusalWords';
import { saysInWords } from './refusals.fixture';
import type { PageContext } from './types';

const ACCOUNT: Hex = '0x00000000000000000000000000000000000000aa';
const CHAIN: Hex = '0x7a69';
const GRANT: Hex = `0x${'1'.repeat(64)}`;
/** The popup's services holding no grant. */
const context = { services: { grants: { find: async () => undefined, list: async () => [] } } as unknown as Services } as PageContext;
/** A node that says the account has no code: it is on no DeleGator. */
const noCode = (async () => '0x') as unknown as ChainNode;

describe('the words of a Revoke refused', () => {
  it('say the grant is not there, its id as written', async () => {
    expect(await saysInWords(grantPages.revokeGrant.handle({ id: GRANT }, context))).toEqual({ key: 'errors_noGrant', values: { id: GRANT } });
  });

  it('say the account granted nothing on the chain', async () => {
    expect(await saysInWords(grantPages.revokeAllGrants.handle({ account: ACCOUNT, chainId: CHAIN }, context)))
      .toEqual({ key: 'errors_noGrants', values: { address: ACCOUNT, chainId: CHAIN } });
  });
});

describe('the words of a Revoke all call refused', () => {
  it('say more increments than one transaction makes, the counts as written', async () => {
    const increments = MAX_INCREMENTS + 1n;
    expect(await saysInWords(revokeAllCalls(noCode, { account: ACCOUNT, chainId: CHAIN, increments })))
      .toEqual({ key: 'errors_revokeAllTooMany', values: { address: ACCOUNT, increments: `${increments}`, max: `${MAX_INCREMENTS}` } });
  });

  it('say an account not on the DeleGator cannot make them in one transaction', async () => {
    expect(await saysInWords(revokeAllCalls(noCode, { account: ACCOUNT, chainId: CHAIN, increments: 3n })))
      .toEqual({ key: 'errors_revokeAllNotDeleGator', values: { address: ACCOUNT, increments: '3' } });
  });
});

describe('a dapp', () => {
  it('gets the English message alone, the screens its words too', async () => {
    const refusal = (await revokeAllCalls(noCode, { account: ACCOUNT, chainId: CHAIN, increments: 3n }).catch((error: RpcError) => error)) as RpcError;
    expect(toErrorObject(refusal)).toEqual({ code: -32002, message: refusal.message });
    expect(pageError(refusal).data).toMatchObject({ words: { key: 'errors_revokeAllNotDeleGator' } });
  });
});
