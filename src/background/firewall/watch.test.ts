/** The firewall over a fake node whose code per account a test sets, and storage in memory. */
import { describe, expect, it } from 'vitest';
import { DELEGATOR_V08, LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { FIREWALL_DEFAULTS, createFirewall } from './watch';

const A: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const DRAINER: Hex = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const DEVNET = { chainId: '0x7a69', eip7702: true } as unknown as Network;
const NO_7702 = { chainId: '0x1', eip7702: false } as unknown as Network;
const BASE = { chainId: '0x2105', eip7702: true } as unknown as Network;

function setup(storage = typedStorage(memoryBackend(), FIREWALL_DEFAULTS)) {
  const code = new Map<string, string>();
  const unreachable = new Set<string>();
  let reads = 0;
  let writes = 0;
  const local = { ...storage, update: ((key, change) => (writes++, storage.update(key, change))) as typeof storage.update };
  let now = 1000;
  const firewall = createFirewall({
    local,
    // B is a Ledger account: its delegate is the one the Ledger app signs for.
    accounts: { list: async () => [A, B].map((address, index) => ({ address, index, name: `Account ${index + 1}`, ...(address === B ? { ledgerPath: "44'/60'/0'/0/0" } : {}) })) },
    networks: { selected: async () => DEVNET, find: async (chainId) => [DEVNET, NO_7702, BASE].find((n) => BigInt(n.chainId) === BigInt(chainId)) },
    nodeFor: async () => async <T>(method: string, params: unknown[] = []) => {
      if (method !== 'eth_getCode') throw new Error(`unexpected ${method}`);
      reads++;
      const account = (params[0] as string).toLowerCase();
      if (unreachable.has(account)) throw new Error('unreachable');
      return (code.get(account) ?? '0x') as T;
    },
    now: () => now,
  });
  const setCode = (account: Hex, value: string) => code.set(account.toLowerCase(), value);
  return { firewall, storage, setCode, unreachable, reads: () => reads, writes: () => writes, later: () => (now += 1000) };
}

describe('the delegation firewall', () => {
  it('finds nothing while the accounts are plain or delegate to Simple7702Account, and writes nothing', async () => {
    const { firewall, setCode, writes } = setup();
    setCode(B, delegationCode(SIMPLE_7702_ACCOUNT));
    expect(await firewall.check()).toEqual([]);
    expect(writes()).toBe(0);
  });

  it('takes the Ledger app’s Simple7702Account as the wallet’s own on a Ledger account, and as another contract on a key account', async () => {
    const { firewall, setCode } = setup();
    setCode(A, delegationCode(LEDGER_7702_ACCOUNT));
    setCode(B, delegationCode(LEDGER_7702_ACCOUNT));
    expect((await firewall.check()).map((f) => f.account)).toEqual([A]);
  });

  it('keeps a delegation to another contract, naming the account and the contract, until the code is plain again', async () => {
    const { firewall, setCode, later } = setup();
    setCode(A, delegationCode(DRAINER));
    const found = [{ chainId: '0x7a69', account: A, delegate: DRAINER, seenAt: 1000 }];
    expect(await firewall.check()).toEqual(found);
    later();
    // Seen again: still the time it was first seen.
    expect(await firewall.check('0x7a69')).toEqual(found);
    expect(await firewall.foreignOn('0x7a69')).toEqual(found);
    setCode(A, '0x');
    expect(await firewall.check()).toEqual([]);
    expect(await firewall.foreignOn('0x7a69')).toEqual([]);
  });

  it('clears it when the account delegates to the wallet’s own contract again', async () => {
    const { firewall, setCode } = setup();
    setCode(A, delegationCode(DRAINER));
    await firewall.check();
    setCode(A, delegationCode(SIMPLE_7702_ACCOUNT));
    expect(await firewall.check()).toEqual([]);
  });

  it('after a first grant’s upgrade from another contract to the DeleGator: the warning clears, and none is raised for the DeleGator', async () => {
    const { firewall, setCode, writes } = setup();
    setCode(A, delegationCode(DRAINER));
    expect(await firewall.check()).toHaveLength(1);
    setCode(A, delegationCode(DELEGATOR_V08));
    setCode(B, delegationCode(DELEGATOR_V08));
    expect(await firewall.check()).toEqual([]);
    const written = writes();
    expect(await firewall.check()).toEqual([]);
    expect(writes()).toBe(written);
  });

  it('keeps what it knew of an account whose code could not be read', async () => {
    const { firewall, setCode, unreachable } = setup();
    setCode(A, delegationCode(DRAINER));
    await firewall.check();
    setCode(A, '0x');
    unreachable.add(A.toLowerCase());
    expect(await firewall.check()).toHaveLength(1);
  });

  it('reads each account once for checks asked at the same time', async () => {
    const { firewall, reads } = setup();
    await Promise.all([firewall.check(), firewall.check(), firewall.check()]);
    expect(reads()).toBe(2);
  });

  it('keeps each network’s findings apart, and finds none where EIP-7702 is off', async () => {
    const { firewall, setCode, reads } = setup();
    setCode(A, delegationCode(DRAINER));
    await firewall.check('0x7a69');
    expect(await firewall.check('0x1')).toEqual([]);
    expect(reads()).toBe(2);
    expect(await firewall.foreignOn('0x7a69')).toHaveLength(1);
  });

  it('writes nothing when a look finds what it found before, whatever network was looked at in between', async () => {
    const { firewall, setCode, writes } = setup();
    setCode(A, delegationCode(DRAINER));
    await firewall.check('0x7a69');
    await firewall.check('0x2105');
    const written = writes();
    await firewall.check('0x7a69');
    await firewall.check('0x2105');
    expect(writes()).toBe(written);
  });

  it('still knows what it found after a restart (it is kept in storage), before it reads the chain again', async () => {
    const { firewall, setCode, storage } = setup();
    setCode(A, delegationCode(DRAINER));
    await firewall.check();
    const restarted = setup(storage);
    expect(await restarted.firewall.foreignOn('0x7a69')).toEqual([{ chainId: '0x7a69', account: A, delegate: DRAINER, seenAt: 1000 }]);
    expect(restarted.reads()).toBe(0);
  });

  it('reads a planted list no JSON holds, or entries without the shape, as nothing of its own (a content script can write storage.local)', async () => {
    const storage = typedStorage(memoryBackend(), FIREWALL_DEFAULTS);
    const cycle: unknown[] = [];
    cycle.push(cycle, { chainId: '0x7a69', account: A });
    await storage.set('foreignDelegations', cycle as never);
    const { firewall, setCode } = setup(storage);
    setCode(A, delegationCode(DRAINER));
    expect(await firewall.foreignOn('0x7a69')).toEqual([]);
    expect(await firewall.check()).toEqual([{ chainId: '0x7a69', account: A, delegate: DRAINER, seenAt: 1000 }]);
    await storage.set('foreignDelegations', 'planted' as never);
    expect(await firewall.foreignOn('0x7a69')).toEqual([]);
    // An entry with the shape and a cycle beside it.
    const entry: Record<string, unknown> = { chainId: '0x7a69', account: A, delegate: DRAINER, seenAt: 1000 };
    entry.more = entry;
    await storage.set('foreignDelegations', [entry] as never);
    expect(await firewall.check()).toEqual([{ chainId: '0x7a69', account: A, delegate: DRAINER, seenAt: 1000 }]);
  });

  it('reads as nothing an entry whose fields are one-element arrays, which read as text have the shape (`${[A]}` is A): its account\'s toLowerCase threw in every check, and the popup was handed arrays for addresses', async () => {
    const storage = typedStorage(memoryBackend(), FIREWALL_DEFAULTS);
    await storage.set('foreignDelegations', [{ chainId: ['0x7a69'], account: [A], delegate: [DRAINER], seenAt: [1000] }] as never);
    const { firewall, setCode } = setup(storage);
    expect(await firewall.foreignOn('0x7a69')).toEqual([]);
    setCode(A, delegationCode(DRAINER));
    expect(await firewall.check()).toEqual([{ chainId: '0x7a69', account: A, delegate: DRAINER, seenAt: 1000 }]);
  });
});
