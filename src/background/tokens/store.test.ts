import { describe, expect, it } from 'vitest';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { watchListKey } from '../storage/watchLists';
import type { WatchedToken } from '../../shared/tokens';
import { TOKENS_DEFAULTS, createTokenStore } from './store';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const token = (address: `0x${string}`, symbol = 'TST'): WatchedToken => ({ address, symbol, decimals: 18, addedAt: 1 });
const TST = token('0x5FbDB2315678afecb367f032d93F642f64180aa3');
const USD = token('0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512', 'USD');

function setup() {
  const local = typedStorage(memoryBackend(), TOKENS_DEFAULTS);
  return { local, tokens: createTokenStore(local) };
}

describe('token watch lists', () => {
  it('keeps one list per account and chain, in the order added', async () => {
    const { tokens } = setup();
    expect(await tokens.add(ALICE, '0x7a69', TST)).toBe(true);
    expect(await tokens.add(ALICE, '0x7a69', USD)).toBe(true);
    expect(await tokens.list(ALICE, '0x7a69')).toEqual([TST, USD]);
    expect(await tokens.list(BOB, '0x7a69')).toEqual([]);
    expect(await tokens.list(ALICE, '0x1')).toEqual([]);
  });

  it('matches accounts and addresses without case and chain ids as numbers', async () => {
    const { tokens } = setup();
    await tokens.add(ALICE, '0x7a69', TST);
    expect(await tokens.list(ALICE.toLowerCase() as `0x${string}`, '0x7A69')).toEqual([TST]);
    expect(await tokens.find(ALICE, '0x7a69', TST.address.toLowerCase() as `0x${string}`)).toEqual(TST);
    expect(await tokens.add(ALICE, '0x7a69', { ...TST, symbol: 'OTHER', address: TST.address.toLowerCase() as `0x${string}` })).toBe(false);
    expect(await tokens.list(ALICE, '0x7a69')).toEqual([TST]);
  });

  it('removes one token and drops an emptied list', async () => {
    const { tokens, local } = setup();
    await tokens.add(ALICE, '0x7a69', TST);
    await tokens.add(ALICE, '0x7a69', USD);
    await tokens.remove(ALICE, '0x7a69', TST.address);
    expect(await tokens.list(ALICE, '0x7a69')).toEqual([USD]);
    await tokens.remove(ALICE, '0x7a69', USD.address);
    expect(await local.get('watchedTokens')).toEqual({});
  });

  it('persists: a second store over the same storage sees the list (a worker restart)', async () => {
    const { tokens, local } = setup();
    await Promise.all([tokens.add(ALICE, '0x7a69', TST), tokens.add(ALICE, '0x7a69', USD)]);
    expect((await createTokenStore(local).list(ALICE, '0x7a69')).map((t) => t.symbol).sort()).toEqual(['TST', 'USD']);
  });
});

describe('token watch lists a content script planted (storage.local, Firefox)', () => {
  it('list, add and remove the tokens of the right shape: a null in the list, or text for it, made the account\'s tokens (Assets), watchAsset and a removal throw until the wallet was reset', async () => {
    const { local, tokens } = setup();
    const key = watchListKey(ALICE, '0x7a69');
    await local.set('watchedTokens', { [key]: [null, { address: 5, symbol: 'X', decimals: 0 }, TST], [watchListKey(BOB, '0x7a69')]: 'planted' } as never);
    expect(await tokens.list(ALICE, '0x7a69')).toEqual([TST]);
    expect(await tokens.list(BOB, '0x7a69')).toEqual([]);
    expect(await tokens.add(ALICE, '0x7a69', USD)).toBe(true);
    expect(await tokens.add(BOB, '0x7a69', USD)).toBe(true);
    await tokens.remove(ALICE, '0x7a69', TST.address);
    expect([await tokens.list(ALICE, '0x7a69'), await tokens.list(BOB, '0x7a69')]).toEqual([[USD], [USD]]);
  });
});
