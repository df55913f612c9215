import { describe, expect, it } from 'vitest';
import { migrate, migrated, migrations, type MovedFiles } from './migrations';
import { memoryBackend } from './typedStorage';

/** The extension's IndexedDB, where migration 4 moves the user's descriptor files and 5 the grants. */
function movedTo() {
  const kept = { value: null as MovedFiles | null, grants: null as unknown[] | null };
  return {
    kept,
    descriptorFiles: { load: async () => kept.value, save: async (value: MovedFiles) => void (kept.value = value) },
    grants: { load: async () => kept.grants, save: async (grants: unknown[]) => void (kept.grants = grants) },
  };
}
const MIGRATIONS = migrations(movedTo());

describe('storage migrations', () => {
  it('run once each, in order, and record the version', async () => {
    const backend = memoryBackend();
    const ran: number[] = [];
    const migrations = [async () => void ran.push(1), async () => void ran.push(2)];
    await migrate(backend, migrations);
    await migrate(backend, migrations);
    expect(ran).toEqual([1, 2]);
    expect(await backend.get('schemaVersion')).toEqual({ schemaVersion: 2 });
  });

  it('hold reads back until they have run', async () => {
    const backend = memoryBackend();
    await backend.set({ counter: 1 });
    const storage = migrated(backend, [async (b) => b.set({ counter: 2 })]);
    expect(await storage.get('counter')).toEqual({ counter: 2 });
  });

  it('1: drops waiting approvals stored before records named their method', async () => {
    const backend = memoryBackend();
    const current = { id: 'b', method: 'personal_sign', type: 'signMessage' };
    await backend.set({ approvals: [{ id: 'a', type: 'connect', request: { method: 'eth_requestAccounts' } }, current] });
    await MIGRATIONS[0](backend);
    expect(await backend.get('approvals')).toEqual({ approvals: [current] });
  });

  it('2: drops remembered relayed transactions that do not name their chain', async () => {
    const backend = memoryBackend();
    const keyed = { chainId: '0x7a69', from: '0x00000000000000000000000000000000000000aa', nonce: 3, hash: '0x02', maxFeePerGas: '1', maxPriorityFeePerGas: '1' };
    const { chainId: _none, ...unkeyed } = { ...keyed, hash: '0x01' };
    await backend.set({ sentTransactions: [unkeyed, keyed] });
    await MIGRATIONS[1](backend);
    expect(await backend.get('sentTransactions')).toEqual({ sentTransactions: [keyed] });
  });

  it('2: leaves a store without relayed transactions as it is', async () => {
    const backend = memoryBackend();
    await MIGRATIONS[1](backend);
    expect(await backend.get('sentTransactions')).toEqual({});
  });

  it('3: an added network and a built-in network\'s edit with one RPC URL list it as their only endpoint', async () => {
    const backend = memoryBackend();
    const added = { chainId: '0x7a6b', name: 'Mine', rpcUrl: 'http://127.0.0.1:8547', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, builtIn: false, eip7702: true };
    await backend.set({ addedNetworks: [added], builtInEdits: { '0x2105': { rpcUrl: 'https://base.example', eip7702: false, bundlerUrl: 'https://bundler.example' } } });
    await MIGRATIONS[2](backend);
    const { rpcUrl: _one, ...rest } = added;
    expect(await backend.get('addedNetworks')).toEqual({ addedNetworks: [{ ...rest, rpcUrls: ['http://127.0.0.1:8547'] }] });
    expect(await backend.get('builtInEdits')).toEqual({ builtInEdits: { '0x2105': { rpcUrls: ['https://base.example'], eip7702: false, bundlerUrl: 'https://bundler.example' } } });
  });

  it('3: leaves a store without networks as it is', async () => {
    const backend = memoryBackend();
    await MIGRATIONS[2](backend);
    expect([await backend.get('addedNetworks'), await backend.get('builtInEdits')]).toEqual([{}, {}]);
  });

  it('4: moves the descriptor files that name deployments out of storage.local; one that names none is dropped and named', async () => {
    const backend = memoryBackend();
    const bound = { name: 'vote.json', json: { context: { eip712: { deployments: [{ chainId: 1, address: '0x1111111111111111111111111111111111111111' }] } }, display: { formats: {} } } };
    const everywhere = { name: 'everywhere.json', json: { context: { contract: {} }, display: { formats: {} } } };
    await backend.set({ userDescriptors: [bound, everywhere] });
    const stores = movedTo();
    await migrations(stores)[3](backend);
    expect(stores.kept.value).toEqual({ files: [bound], dropped: ['everywhere.json'] });
    expect(await backend.get('userDescriptors')).toEqual({ userDescriptors: [] });
  });

  it('4: notes the move in the extension\'s store even when storage.local has no files', async () => {
    const stores = movedTo();
    await migrations(stores)[3](memoryBackend());
    expect(stores.kept.value).toEqual({ files: [], dropped: [] });
  });

  it('4: moves nothing once the extension\'s store was written: a list planted later (the count set back) is only emptied', async () => {
    const backend = memoryBackend();
    const stores = movedTo();
    const mine = { name: 'mine.json', json: { context: { eip712: { deployments: [{ chainId: 1, address: '0x2222222222222222222222222222222222222222' }] } }, display: { formats: {} } } };
    await stores.descriptorFiles.save({ files: [mine], dropped: [] });
    const planted = { name: 'vote.json', json: { context: { eip712: { deployments: [{ chainId: 1, address: '0x1111111111111111111111111111111111111111' }] } }, display: { formats: {} } } };
    await backend.set({ userDescriptors: [planted] });
    await migrations(stores)[3](backend);
    expect(stores.kept.value).toEqual({ files: [mine], dropped: [] });
    expect(await backend.get('userDescriptors')).toEqual({ userDescriptors: [] });
  });

  it('5: moves the grants out of storage.local into the extension\'s store', async () => {
    const backend = memoryBackend();
    const grant = { id: `0x${'1'.repeat(64)}`, origin: 'https://a.example' };
    await backend.set({ grants: [grant] });
    const stores = movedTo();
    await migrations(stores)[4](backend);
    expect(stores.kept.grants).toEqual([grant]);
    expect(await backend.get('grants')).toEqual({ grants: [] });
  });

  it('5: moves nothing once the extension\'s store was written: grants planted later (the count set back) are only emptied', async () => {
    const backend = memoryBackend();
    const stores = movedTo();
    await migrations(stores)[4](backend);
    expect(stores.kept.grants).toEqual([]);
    await backend.set({ grants: [{ id: `0x${'2'.repeat(64)}`, origin: 'https://planted.example' }] });
    await migrations(stores)[4](backend);
    expect(stores.kept.grants).toEqual([]);
    expect(await backend.get('grants')).toEqual({ grants: [] });
  });

  // A content script can write storage.local (Firefox): the count set back and a list planted, or a count that is no
  // migration's. A migration that throws leaves every read and write (a reset's too) refused at each worker start.
  it('1 and 2: a planted null among the approvals or the relayed transactions is dropped, not read', async () => {
    const backend = memoryBackend();
    await backend.set({ schemaVersion: 0, approvals: [null], sentTransactions: [null] });
    await migrate(backend, MIGRATIONS);
    expect(await backend.get('approvals')).toEqual({ approvals: [] });
    expect(await backend.get('sentTransactions')).toEqual({ sentTransactions: [] });
  });

  it.each([-1, 0.5])('run from the first when the stored count (%s) is no whole count', async (planted) => {
    const backend = memoryBackend();
    await backend.set({ schemaVersion: planted });
    await migrate(backend, MIGRATIONS);
    expect(await backend.get('schemaVersion')).toEqual({ schemaVersion: MIGRATIONS.length });
  });
});
