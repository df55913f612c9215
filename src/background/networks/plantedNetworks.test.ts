/** The networks' slices as a content script may write them (storage.local, Firefox): of the right kind, holding anything. */
import { describe, expect, it } from 'vitest';
import { BASE_CHAIN_ID, PRODUCTION_NETWORKS } from '../../shared/networks';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { createDetection } from './detection';
import { NETWORKS_DEFAULTS, createNetworks } from './registry';

const PRODUCTION = { builtIn: PRODUCTION_NETWORKS, devnetBuild: false };
const ADDED = { chainId: '0x99', name: 'Added', rpcUrls: ['https://rpc.added.example'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, builtIn: false, eip7702: false, entryPointV08: false, fastBlocks: false };

const planted = async (items: Record<string, unknown>) => {
  const backend = memoryBackend();
  await backend.set(items);
  return typedStorage(backend, NETWORKS_DEFAULTS);
};

describe('networks a content script planted', () => {
  it.each([
    ['a selected chain id BigInt cannot read', { selectedChainId: 'planted' }],
    ['a null among the chains without EIP-7702', { chainsWithoutEip7702: [null] }],
    ['a chain id BigInt cannot read among the chains without EIP-7702', { chainsWithoutEip7702: ['zz'] }],
    ['a null among the added networks', { addedNetworks: [null] }],
    ['an added network whose chain id BigInt cannot read', { addedNetworks: [{ ...ADDED, chainId: 'zz' }] }],
    ["facts of the selected network without their endpoints", { networkFacts: { [BASE_CHAIN_ID]: 'planted' } }],
  ])('still give the selected network, every network and its way of sending, with %s: it threw, and with it nearly every request and the popup\'s state, until the wallet was reset', async (_, items) => {
    const networks = createNetworks(await planted(items), PRODUCTION);
    const selected = await networks.selected();
    expect(selected.chainId).toBe(BASE_CHAIN_ID);
    expect((await networks.all()).map((n) => n.chainId)).toEqual(PRODUCTION_NETWORKS.map((n) => n.chainId));
    await expect(networks.sendsSync(selected.chainId)).resolves.toBeTypeOf('boolean');
  });

  // Nothing in the registry throws on these: its readers do (the popup's home, every transaction's review and the
  // firewall read the currency's symbol; the balance is scaled by its decimals; the screens show the name).
  it.each([
    ['without its currency', { nativeCurrency: null }],
    ['whose currency has no symbol', { nativeCurrency: { name: 'Ether', decimals: 18 } }],
    ['whose currency has 10^9 decimals', { nativeCurrency: { ...ADDED.nativeCurrency, decimals: 1e9 } }],
    ['whose name is no text', { name: { planted: true } }],
  ])('are no added network %s, even selected: the selection falls back to the release\'s first network', async (_, fields) => {
    const networks = createNetworks(await planted({ addedNetworks: [{ ...ADDED, ...fields }], selectedChainId: '0x99' }), PRODUCTION);
    expect((await networks.selected()).chainId).toBe(BASE_CHAIN_ID);
    expect((await networks.all()).map((n) => n.chainId)).toEqual(PRODUCTION_NETWORKS.map((n) => n.chainId));
  });

  it('still let the user add, remove and mark networks, the planted entries dropped as the list is written', async () => {
    const local = await planted({ addedNetworks: [null, { chainId: 'zz' }], chainsWithoutEip7702: [null] });
    const networks = createNetworks(local, PRODUCTION);
    await networks.add(ADDED as never);
    await networks.markWithoutEip7702(BASE_CHAIN_ID);
    expect(await local.get('addedNetworks')).toEqual([ADDED]);
    expect(await local.get('chainsWithoutEip7702')).toEqual([BASE_CHAIN_ID]);
    await networks.remove('0x99');
    expect(await local.get('addedNetworks')).toEqual([]);
  });

  it('are no facts to detection without their endpoints: reading them for a network threw', async () => {
    const local = await planted({ networkFacts: { '0x99': 'planted' } });
    const detection = createDetection({ local, now: () => 1, nodeOf: () => ({ request: async () => { throw new Error('down'); } }) } as never);
    expect(await detection.stored('0x99')).toBeUndefined();
  });
});
