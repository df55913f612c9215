import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../../shared/errors';
import { LOCAL_DEVNET } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { createAccounts } from '../accounts/accounts';
import { ACCOUNTS_DEFAULTS } from '../accounts/storedAccounts';
import { KEY_ADDRESSES_DEFAULTS, createKeyAddresses } from '../accounts/keyAddresses';
import * as keys from '../accounts/keys';
import { lazyKeyCode } from '../accounts/lazyKeyCode';
import { loadLater } from '../loadLater';
import { NETWORKS_DEFAULTS } from '../networks/registry';
import { PERMISSIONS_DEFAULTS, createPermissions } from '../permissions/permissions';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { encryptVault } from '../vault/crypto';
import { FREE_FAILURES } from '../vault/throttle';
import { UNLOCKED_DEFAULTS, VAULT_DEFAULTS, createVault } from '../vault/vault';
import { createWallet, resetWallet, unlock } from './vault';

const MNEMONIC = 'test test test test test test test test test test test junk';
const ACCOUNT_0 = keys.deriveWallet(MNEMONIC, 0).address as Hex;
const PASSWORD = 'correct horse';
const SITE = 'https://dapp.example';

/** The wallet's vault, accounts and sites over in-memory storage; what it tells pages and the firewall, recorded. */
async function wallet(stored: { vault?: unknown } = {}) {
  const backend = memoryBackend();
  if (stored.vault !== undefined) await backend.set({ vault: stored.vault });
  const clock = { now: 1_000_000 };
  const vault = createVault(typedStorage(backend, VAULT_DEFAULTS), typedStorage(memoryBackend(), UNLOCKED_DEFAULTS), () => clock.now);
  const accounts = createAccounts(typedStorage(backend, ACCOUNTS_DEFAULTS), vault, async () => keys, createKeyAddresses(typedStorage(memoryBackend(), KEY_ADDRESSES_DEFAULTS), async () => keys));
  const permissions = createPermissions(typedStorage(backend, PERMISSIONS_DEFAULTS));
  const events: [string, string, unknown][] = [];
  const firewallChecks: (Hex | undefined)[] = [];
  return {
    backend,
    clock,
    events,
    firewallChecks,
    services: {
      vault,
      accounts,
      permissions,
      emit: async (origin: string, event: string, data: unknown) => void events.push([origin, event, data]),
      firewall: { check: async (chainId?: Hex) => (firewallChecks.push(chainId), []) },
      keyCode: lazyKeyCode(loadLater),
    },
  };
}

/** A wallet of MNEMONIC, locked, with one site connected to its first account. */
async function lockedWallet() {
  const w = await wallet({ vault: await encryptVault({ mnemonic: MNEMONIC }, PASSWORD, 1000) });
  await w.services.accounts.reset(MNEMONIC);
  await w.services.permissions.grant(SITE, [ACCOUNT_0]);
  return w;
}

const refusal = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a refusal'); }, (e: Error) => e);

describe('createWallet', () => {
  it('stores the phrase as BIP-39 words (lowercase, single spaces), lists its first account and forgets every site', async () => {
    const { services } = await wallet();
    await services.permissions.grant(SITE, ['0x00000000000000000000000000000000000000aa']);
    expect(await createWallet(services, { mnemonic: `  ${MNEMONIC.toUpperCase().split(' ').join('   ')}\n`, password: PASSWORD })).toBeNull();
    expect(await services.vault.secret()).toEqual({ mnemonic: MNEMONIC });
    expect((await services.accounts.list()).map((a) => a.address)).toEqual([ACCOUNT_0]);
    expect(await services.permissions.list()).toEqual({});
  });

  it('lists the new account before the vault opens: no state the popup reads shows an open wallet without it', async () => {
    const { services } = await wallet();
    // What the popup's getState would read each time the vault changes: whether it is open, and the accounts.
    const seen: [boolean, Hex[]][] = [];
    const create = services.vault.create;
    services.vault.create = async (...args) => {
      await create(...args);
      seen.push([await services.vault.isUnlocked(), (await services.accounts.list()).map((a) => a.address)]);
    };
    await createWallet(services, { mnemonic: MNEMONIC, password: PASSWORD });
    expect(seen).toEqual([[true, [ACCOUNT_0]]]);
  });

  it('refuses a phrase that is not BIP-39 with -32602 and changes nothing', async () => {
    const { services } = await wallet();
    await services.permissions.grant(SITE, [ACCOUNT_0]);
    const error = await refusal(createWallet(services, { mnemonic: MNEMONIC.replace('junk', 'test'), password: PASSWORD }));
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: ErrorCode.invalidParams, message: 'This is not a valid BIP-39 recovery phrase' });
    expect(await services.vault.isInitialized()).toBe(false);
    expect(Object.keys(await services.permissions.list())).toEqual([SITE]);
  });
});

describe('unlock', () => {
  it('unlocks, tells each connected site its accounts and has the firewall look', async () => {
    const w = await lockedWallet();
    expect(await unlock(w.services, PASSWORD)).toBeNull();
    expect(await w.services.vault.isUnlocked()).toBe(true);
    expect(w.events).toEqual([[SITE, 'accountsChanged', [ACCOUNT_0.toLowerCase()]]]);
    expect(w.firewallChecks).toEqual([undefined]);
  });

  it('answers a wrong password 4100 "Incorrect password", telling no site anything', async () => {
    const w = await lockedWallet();
    const error = await refusal(unlock(w.services, 'wrong horse'));
    expect(error).toBeInstanceOf(RpcError);
    expect(error).toMatchObject({ code: ErrorCode.unauthorized, message: 'Incorrect password' });
    expect(w.events).toEqual([]);
    expect(w.firewallChecks).toEqual([]);
  });

  it('answers an attempt during the wait after wrong passwords -32005, with the time to retry as data', async () => {
    const w = await lockedWallet();
    for (let i = 0; i < FREE_FAILURES; i++) await refusal(unlock(w.services, 'wrong horse'));
    const error = await refusal(unlock(w.services, PASSWORD));
    expect(error).toMatchObject({ code: ErrorCode.limitExceeded, message: 'Too many wrong passwords: try again in 2 s', data: { retryAt: w.clock.now + 2000 } });
    expect(await w.services.vault.isUnlocked()).toBe(false);
  });

  it('says with the wrong password that starts a wait when to try again, so the form need not wait for the state to say it', async () => {
    const w = await lockedWallet();
    for (let i = 1; i < FREE_FAILURES; i++) expect(((await refusal(unlock(w.services, 'wrong horse'))) as RpcError).data).toBeUndefined();
    const error = await refusal(unlock(w.services, 'wrong horse'));
    expect(error).toMatchObject({ code: ErrorCode.unauthorized, message: 'Incorrect password', data: { retryAt: w.clock.now + 2000 } });
  });

  it('answers a damaged vault -32603 with the vault\'s own message', async () => {
    const w = await wallet({ vault: { version: 2 } });
    const error = await refusal(unlock(w.services, PASSWORD));
    expect(error).toMatchObject({ code: ErrorCode.internal, message: 'The stored wallet is damaged (unsupported version 2): restore it from its recovery phrase' });
  });

  it('passes any other error on as it is', async () => {
    const w = await wallet();
    const error = await refusal(unlock(w.services, PASSWORD));
    expect(error).not.toBeInstanceOf(RpcError);
    expect(error.message).toBe('No wallet yet: create or import one first');
  });
});

describe('resetWallet', () => {
  /** Records every step in order: what the pages hear, the queue, the lock and the storage reset. */
  async function resettable(selectedChainId: Hex) {
    const w = await lockedWallet();
    await w.services.permissions.grant('https://other.example', [ACCOUNT_0]);
    const steps: string[] = [];
    const services = {
      ...w.services,
      emit: async (origin: string, event: string, data: unknown) => void steps.push(`${event} ${JSON.stringify(data)} to ${origin}`),
      approvals: { rejectAll: async () => void steps.push('reject waiting requests') },
      networks: { selected: async () => ({ ...LOCAL_DEVNET, chainId: selectedChainId }) },
      resetStorage: async () => void steps.push(`reset storage, sites: ${Object.keys(await w.services.permissions.list()).length}`),
    };
    return { services, steps, lock: async () => void steps.push('lock') };
  }

  it('rejects what waits, tells every site it lost its accounts, locks, then forgets; chainChanged when the chain was not the default', async () => {
    const { services, steps, lock } = await resettable('0x1');
    expect(await resetWallet(services, lock)).toBeNull();
    expect(steps).toEqual([
      'reject waiting requests',
      `accountsChanged [] to ${SITE}`,
      'accountsChanged [] to https://other.example',
      'lock',
      'reset storage, sites: 0',
      `chainChanged "${NETWORKS_DEFAULTS.selectedChainId}" to *`,
    ]);
  });

  it('says nothing of the chain when the wallet already was on the default one', async () => {
    const { services, steps, lock } = await resettable(NETWORKS_DEFAULTS.selectedChainId);
    await resetWallet(services, lock);
    expect(steps.filter((s) => s.startsWith('chainChanged'))).toEqual([]);
    expect(steps.at(-1)).toBe('reset storage, sites: 0');
  });
});

describe('unlock with a permission a content script planted (storage.local, Firefox)', () => {
  it('opens and tells the connected site its account: a planted site whose accounts were text made unlock fail once the vault had opened', async () => {
    const w = await lockedWallet();
    const stored = (await w.backend.get('permissions')).permissions as object;
    await w.backend.set({ permissions: { ...stored, 'https://planted.example': { accounts: '0xaa', grantedAt: 1 } } });
    expect(await unlock(w.services, PASSWORD)).toBeNull();
    expect(w.events).toContainEqual([SITE, 'accountsChanged', [ACCOUNT_0.toLowerCase()]]);
  });
});
