/**
 * Approvals lists only what the wallet's own records say the account allowed: a record or a permit planted in
 * storage.local (a content script writes it on Firefox) names a pair whose token contract the page wrote, which
 * answers any allowance and any symbol ("USDC, unlimited"), luring the user into a revoke that calls that contract.
 */
import { Interface } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import type { SignedGrant } from '../allowances/signedGrants';
import type { Services } from '../services';
import { allowancePages } from './allowances';

vi.mock('../allowances/onChain', () => ({ allowanceLeft: async () => 5n, revokeCall: async () => ({}) }));
vi.mock('../tokens/read', () => ({ readToken: async () => { throw new Error('not read here'); } }));

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Hex;
const [OWN_TOKEN, PLANTED_TOKEN, SPENDER] = ['0x10078beE6813c04572224b652228177C0f7BF2CF', '0x00000000000000000000000000000000000000aa', '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD'] as Hex[];
const approve = (token: Hex) => ({ to: token, value: '0x0', data: new Interface(['function approve(address,uint256)']).encodeFunctionData('approve', [SPENDER, 5n]) as Hex });
const batch = (id: string, token: Hex) => ({ id, origin: 'https://dapp.example', chainId: '0x7a69', from: OWNER, state: 'sent', calls: [approve(token)], transactions: [], createdAt: 1 }) as unknown as BatchRecord;
const permit = (token: Hex, sealed: boolean) => ({ kind: 'erc20', token, spender: SPENDER, account: OWNER, chainId: '0x7a69', ...(sealed ? { seal: 'ok' } : {}) }) as unknown as SignedGrant;

const listed = async (batches: BatchRecord[], permits: SignedGrant[], planted: (b: BatchRecord) => boolean) => {
  const services = {
    accounts: { selected: async () => OWNER, list: async () => [] },
    networks: { selected: async () => ({ chainId: '0x7a69', name: 'Devnet' }) },
    nodeFor: async () => ({}),
    batches: fakeBatches(batches, planted),
    signedGrants: { all: async () => permits, authentic: async (g: SignedGrant & { seal?: string }) => g.seal === 'ok' },
  } as unknown as Services;
  const views = await allowancePages.getAllowances.handle({}, { services } as never);
  return views.map((v) => v.token.toLowerCase());
};

describe('Approvals and records planted in storage', () => {
  it("lists the wallet's own batch's approve, not a planted batch's", async () => {
    const planted = batch('planted', PLANTED_TOKEN);
    expect(await listed([batch('mine', OWN_TOKEN), planted], [], (b) => b === planted)).toEqual([OWN_TOKEN.toLowerCase()]);
  });

  it('lists a permit the wallet sealed, not one planted without its seal', async () => {
    expect(await listed([], [permit(OWN_TOKEN, true), permit(PLANTED_TOKEN, false)], () => false)).toEqual([OWN_TOKEN.toLowerCase()]);
  });
});
