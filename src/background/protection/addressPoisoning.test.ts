import { getAddress, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import { addressHistory, lookAlikeRecipients, poisonedRecipients } from './addressPoisoning';

const FRIEND = getAddress('0xabcd1111111111111111111111111111111189ef') as Hex;
// Same first and last 4 hex digits, another address: what a poisoner makes.
const POISON: Hex = '0xabcd2222222222222222222222222222222289ef';
const OWN: Hex = '0x1234567890123456789012345678901234567890';
const TOKEN: Hex = '0x10078beE6813c04572224b652228177C0f7BF2CF';
const ERC20 = new Interface(['function transfer(address to, uint256 value)']);

const batch = (state: BatchRecord['state'], calls: BatchRecord['calls']) => ({ state, calls }) as BatchRecord;

describe('address poisoning', () => {
  it('flags a recipient with the same first and last 4 hex digits as a known address, in any case', () => {
    expect(lookAlikeRecipients([POISON], [FRIEND])).toEqual([{ recipient: POISON, resembles: FRIEND }]);
  });

  it('does not flag the known address itself, nor one that differs at either end', () => {
    expect(lookAlikeRecipients([FRIEND.toLowerCase() as Hex], [FRIEND])).toEqual([]);
    expect(lookAlikeRecipients(['0xabcd22222222222222222222222222222222890f'], [FRIEND])).toEqual([]);
    expect(lookAlikeRecipients(['0xabce2222222222222222222222222222222289ef'], [FRIEND])).toEqual([]);
    // Known too (both are in the history): the user chose it before.
    expect(lookAlikeRecipients([POISON], [FRIEND, POISON])).toEqual([]);
  });

  it('knows the accounts and the recipients of approved batches (targets and token transfers), not batches still waiting', async () => {
    const deps = {
      accounts: { list: async () => [{ address: OWN }] },
      batches: fakeBatches([
        batch('sent', [{ to: TOKEN, value: '0x0', data: ERC20.encodeFunctionData('transfer', [FRIEND, 1n]) as Hex }]),
        batch('awaiting-approval', [{ to: '0x9999999999999999999999999999999999999999', value: '0x1', data: '0x' }]),
      ]),
    } as unknown as Parameters<typeof addressHistory>[0];
    expect(await addressHistory(deps)).toEqual([OWN, TOKEN, FRIEND]);
    const transfer = { to: TOKEN, value: '0', dataSize: 68, action: { kind: 'transfer', standard: 'erc20', token: TOKEN, to: POISON, amount: '1' } } as const;
    expect(await poisonedRecipients(deps, [transfer])).toEqual([{ recipient: POISON, resembles: FRIEND }]);
    // An own account's look-alike as a plain ETH recipient.
    const ownLookAlike: Hex = '0x1234000000000000000000000000000000007890';
    expect(await poisonedRecipients(deps, [{ to: ownLookAlike, value: '1', dataSize: 0 }])).toEqual([{ recipient: ownLookAlike, resembles: OWN }]);
  });

  it('knows no recipient of a record planted in storage.local (Firefox): a page that planted one sent to its look-alike had the look-alike taken as known, and a send to it not flagged', async () => {
    const planted = batch('sent', [{ to: POISON, value: '0x1', data: '0x' }]);
    const deps = {
      accounts: { list: async () => [] },
      batches: fakeBatches([batch('sent', [{ to: FRIEND, value: '0x1', data: '0x' }]), planted], (b) => b === planted),
    } as unknown as Parameters<typeof addressHistory>[0];
    expect(await poisonedRecipients(deps, [{ to: POISON, value: '1', dataSize: 0 }])).toEqual([{ recipient: POISON, resembles: FRIEND }]);
  });
});
