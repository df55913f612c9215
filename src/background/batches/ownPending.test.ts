/**
 * What a site's pending-transaction filter and subscription are told the wallet sent (ownPending), and what they are
 * never told (withheldTransactions), beside records a content script wrote in storage.local (Firefox).
 */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { ownPending, withheldTransactions } from './ownPending';
import { fakeBatches } from './storeFake.fixture';
import type { BatchRecord } from './types';

const SITE = 'https://dapp.example';
const GIVEN: Hex = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const OTHER: Hex = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const CHAIN: Hex = '0x7a69';
const hash = (n: number): Hex => `0x${n.toString(16).padStart(64, '0')}`;

const record = (id: string, from: Hex, hashes: Hex[]): BatchRecord => ({
  kind: 'transaction', id, origin: SITE, chainId: CHAIN, from, atomic: false, upgrade: false,
  calls: [{ to: OTHER, value: '0x1', data: '0x' }], gasLimits: ['0x5208'], state: 'sent', createdAt: 0,
  transactions: hashes.map((h, nonce) => ({ hash: h, raw: '0x', nonce, calls: [0], sent: true })),
});

const deps = (records: BatchRecord[], planted: string[]) => ({
  batches: fakeBatches(records, (b) => planted.includes(b.id)),
  permissions: { accountsOf: async () => [GIVEN] },
});

describe('the wallet\'s own pending transactions a site is told of', () => {
  it('are the wallet\'s records only: one planted (or altered) names no hash of its own to the site', async () => {
    const records = [record('own', GIVEN, [hash(1)]), record('planted', GIVEN, [hash(2), hash(3)])];
    expect(await ownPending(deps(records, ['planted']), CHAIN, SITE)).toEqual([hash(1)]);
  });

  it('withheld: every record of an account the site was not given, altered or not (an altered one of the wallet\'s is still its transaction)', async () => {
    const records = [record('own', OTHER, [hash(1)]), record('altered', OTHER, [hash(2)]), record('given', GIVEN, [hash(3)])];
    expect(await withheldTransactions(deps(records, ['altered']), CHAIN, SITE)).toEqual([hash(1), hash(2)]);
  });
});
