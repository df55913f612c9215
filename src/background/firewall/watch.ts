/**
 * The delegation firewall: looks at the code of every account of the wallet on a network (eth_getCode, one read per
 * account) and keeps the EIP-7702 delegations the wallet did not make in storage, so the popup and the approval
 * window show them, a restart keeps them, and they go once the code is plain or the wallet's own again.
 */
import type { Hex } from '../../shared/params';
import type { Accounts } from '../accounts/accounts';
import type { Networks } from '../networks/registry';
import type { ChainNode } from '../networks/rpcClient';
import type { TypedStorage } from '../storage/typedStorage';
import { classifyCode } from './classify';

/** An account of the wallet delegating, on one network, to a contract the wallet did not choose. */
export interface ForeignDelegation {
  chainId: Hex;
  account: Hex;
  delegate: Hex;
  /** Epoch ms when the firewall first saw this delegation. */
  seenAt: number;
}

export interface FirewallSlice {
  foreignDelegations: ForeignDelegation[];
}
export const FIREWALL_DEFAULTS: FirewallSlice = { foreignDelegations: [] };

export interface FirewallDeps {
  local: TypedStorage<FirewallSlice>;
  accounts: Pick<Accounts, 'list'>;
  networks: Pick<Networks, 'selected' | 'find'>;
  nodeFor(chainId: Hex): Promise<ChainNode>;
  now(): number;
}

export interface Firewall {
  /** Reads every account's code on the network (the selected one by default); answers its foreign delegations. */
  check(chainId?: Hex): Promise<ForeignDelegation[]>;
  /** What the last checks found on a network, without asking its node. */
  foreignOn(chainId: Hex): Promise<ForeignDelegation[]>;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const sameChain = (a: Hex, b: Hex) => BigInt(a) === BigInt(b);
const keyOf = (f: ForeignDelegation) => `${BigInt(f.chainId)} ${f.account.toLowerCase()}`;

/**
 * The entries as the firewall writes them, read through one pattern of their fields: a content script can write
 * storage.local, and a cycle there (Firefox keeps one) would throw in JSON.stringify.
 */
const SHAPE = /^0x[\da-f]+ 0x[\da-f]{40} 0x[\da-f]{40} \d+$/i;
const isForeignDelegation = (f: Partial<ForeignDelegation> | null): f is ForeignDelegation =>
  // Text and a number only: an array of one reads as its element (`${['0x…']}`), and has no toLowerCase.
  typeof f?.chainId === 'string' && typeof f.account === 'string' && typeof f.delegate === 'string' && typeof f.seenAt === 'number' &&
  SHAPE.test(`${f.chainId} ${f.account} ${f.delegate} ${f.seenAt}`);
/** What is stored, the entries with the shape only, and of each only its fields. */
const stored = (all: unknown): ForeignDelegation[] =>
  (Array.isArray(all) ? all.filter(isForeignDelegation).map(({ chainId, account, delegate, seenAt }) => ({ chainId, account, delegate, seenAt })) : []);

export function createFirewall(deps: FirewallDeps): Firewall {
  const { local } = deps;
  // The popup, the approval window and the alarm may ask at once: one read of the chain serves them all.
  const running = new Map<string, Promise<ForeignDelegation[]>>();

  const foreignOn = async (chainId: Hex) => stored(await local.get('foreignDelegations')).filter((f) => sameChain(f.chainId, chainId));

  /** Replaces what is stored for the accounts that were read; written only when something changed. */
  async function store(chainId: Hex, read: Hex[], found: ForeignDelegation[]): Promise<void> {
    const replace = (planted: ForeignDelegation[]) => {
      const all = stored(planted);
      const kept = all.filter((f) => !sameChain(f.chainId, chainId) || !read.some((a) => same(a, f.account)));
      // A delegation seen before keeps the time it was first seen.
      const fresh = found.map((f) => all.find((o) => sameChain(o.chainId, chainId) && same(o.account, f.account) && same(o.delegate, f.delegate)) ?? f);
      // In one order, so a look that found the same writes nothing.
      return [...kept, ...fresh].sort((x, y) => keyOf(x).localeCompare(keyOf(y)));
    };
    const current = await local.get('foreignDelegations');
    const shaped = stored(current);
    if (!Array.isArray(current) || shaped.length !== current.length || JSON.stringify(replace(shaped)) !== JSON.stringify(shaped)) await local.update('foreignDelegations', replace);
  }

  async function look(chainId: Hex): Promise<ForeignDelegation[]> {
    const network = await deps.networks.find(chainId);
    const accounts = await deps.accounts.list();
    // Without EIP-7702 no account can be delegated there.
    if (!network?.eip7702) {
      await store(chainId, accounts.map((a) => a.address), []);
      return [];
    }
    const node = await deps.nodeFor(chainId);
    const codes = await Promise.all(accounts.map((a) => node<string>('eth_getCode', [a.address, 'pending']).catch(() => undefined)));
    // An account whose code could not be read keeps what was known of it.
    const read = accounts.filter((_, i) => codes[i] !== undefined).map((a) => a.address);
    const found = accounts.flatMap((a, i): ForeignDelegation[] => {
      const code = codes[i] === undefined ? undefined : classifyCode(codes[i], { ledger: Boolean(a.ledgerPath) });
      return code?.kind === 'foreign' ? [{ chainId: network.chainId, account: a.address, delegate: code.delegate, seenAt: deps.now() }] : [];
    });
    await store(network.chainId, read, found);
    return foreignOn(network.chainId);
  }

  return {
    async check(chainId) {
      const chain = chainId ?? (await deps.networks.selected()).chainId;
      const key = BigInt(chain).toString();
      let pending = running.get(key);
      if (!pending) {
        pending = look(chain).finally(() => running.delete(key));
        running.set(key, pending);
      }
      return pending;
    },
    foreignOn,
  };
}
