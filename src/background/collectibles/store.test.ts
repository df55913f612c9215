import { describe, expect, it } from 'vitest';
import type { WatchedCollectible } from '../../shared/collectibles';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { COLLECTIBLES_DEFAULTS, createCollectibleStore } from './store';

const ALICE = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const NFT = '0x759994c418Df9102e34046E0BA2F3A81E78F367D';
const item = (tokenId: string, standard: 'ERC721' | 'ERC1155' = 'ERC721'): WatchedCollectible => ({ standard, address: NFT, tokenId, addedAt: 1 });

function setup() {
  const local = typedStorage(memoryBackend(), COLLECTIBLES_DEFAULTS);
  return { local, store: createCollectibleStore(local) };
}

describe('collectibles watch lists', () => {
  it('one list per account and chain; one entry per contract and token id, the address without case', async () => {
    const { store } = setup();
    expect(await store.add(ALICE, '0x7a69', item('1'))).toBe(true);
    expect(await store.add(ALICE, '0x7a69', item('2'))).toBe(true);
    expect(await store.add(ALICE, '0x7A69', { ...item('1'), address: NFT.toLowerCase() as `0x${string}` })).toBe(false);
    expect(await store.list(ALICE, '0x7a69')).toEqual([item('1'), item('2')]);
    expect(await store.list(BOB, '0x7a69')).toEqual([]);
    expect(await store.list(ALICE, '0x1')).toEqual([]);
    expect(await store.find(ALICE, '0x7a69', NFT.toLowerCase() as `0x${string}`, '2')).toEqual(item('2'));
  });

  it('removes one item and drops an emptied list; a second store over the same storage sees the same (a worker restart)', async () => {
    const { store, local } = setup();
    await store.add(ALICE, '0x7a69', item('1'));
    await store.add(ALICE, '0x7a69', item('2'));
    await store.remove(ALICE, '0x7a69', NFT, '1');
    expect(await createCollectibleStore(local).list(ALICE, '0x7a69')).toEqual([item('2')]);
    await store.remove(ALICE, '0x7a69', NFT, '2');
    expect(await local.get('watchedCollectibles')).toEqual({});
  });
});
