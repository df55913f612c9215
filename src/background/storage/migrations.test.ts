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
});
