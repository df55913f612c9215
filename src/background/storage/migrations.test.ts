import { describe, expect, it } from 'vitest';
import { MIGRATIONS, migrate, migrated } from './migrations';
import { memoryBackend } from './typedStorage';

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
});
