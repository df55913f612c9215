/** What the wallet's own pages may ask of the background. Never reachable from a web page. */
import { Mnemonic, randomBytes } from 'ethers';
import type { Hex } from '../../shared/params';
import type { ActivityItem, UiRequest, WalletState } from '../../shared/ui';
import { batchKey } from '../batches/store';
import { batchStatus } from '../batches/status';
import { visibleAccounts } from '../rpc/accounts';
import { switchNetwork } from '../rpc/chains';
import type { Services } from '../services';
import { addTokenByAddress, tokensWithBalances } from '../tokens/watchList';
import { WrongPasswordError } from '../vault/crypto';

export interface UiDeps {
  services: Services;
  /** Called after unlock and on every user action, to restart the idle timer. */
  touch(): Promise<void>;
  lock(): Promise<void>;
}

async function state({ local, vault, accounts, networks, permissions, approvals }: Services): Promise<WalletState> {
  const [initialized, unlocked, list, selectedAccount, all, selected, sites, pending, settings] = await Promise.all([
    vault.isInitialized(), vault.isUnlocked(), accounts.list(), accounts.selected(), networks.all(),
    networks.selected(), permissions.list(), approvals.pending(), local.get('settings'),
  ]);
  return {
    initialized,
    unlocked,
    accounts: list.map(({ address, name }) => ({ address, name })),
    selectedAccount,
    networks: all,
    selectedChainId: selected.chainId,
    sites: Object.entries(sites).map(([origin, p]) => ({ origin, accounts: p.accounts })),
    approvals: pending.map((a) => ({ id: a.id, type: a.type, origin: a.origin, params: a.request.params, details: a.details })),
    autoLockMinutes: settings.autoLockMinutes,
  };
}

async function activity({ batches, networks }: Services): Promise<ActivityItem[]> {
  const [all, known] = await Promise.all([batches.all(), networks.all()]);
  return all
    .filter((b) => b.state !== 'awaiting-approval')
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((b) => ({
      key: batchKey(b.origin, b.id),
      id: b.id,
      origin: b.origin,
      chainId: b.chainId,
      from: b.from,
      atomic: b.atomic,
      status: batchStatus(b),
      calls: b.calls.map(({ to, value }) => ({ to, value: BigInt(value).toString() })),
      transactions: b.transactions.filter((t) => t.sent).map((t) => ({ hash: t.hash, status: t.receipt?.status })),
      explorerUrl: known.find((n) => n.chainId === b.chainId)?.blockExplorerUrl,
      error: b.error,
      createdAt: b.createdAt,
    }));
}

/** Tells every connected origin what it now sees (after unlock, account switch). */
export async function announceAccounts(services: Services): Promise<void> {
  const sites = Object.keys(await services.permissions.list());
  await Promise.all(sites.map(async (origin) => services.emit(origin, 'accountsChanged', await visibleAccounts(services, origin))));
}

/** What the pages poll while open: reading is not the user acting, so it must not hold off auto-lock. */
const READS = new Set<UiRequest['action']>(['getState', 'getActivity', 'getTokens', 'getBalance']);

export async function handleUi(request: UiRequest, { services, touch, lock }: UiDeps): Promise<unknown> {
  const { vault, accounts } = services;
  // Reads the popup polls are not user activity: they must not hold off auto-lock.
  if (!READS.has(request.action)) await touch();
  switch (request.action) {
    case 'getState':
      return state(services);
    case 'generatePhrase':
      return Mnemonic.fromEntropy(randomBytes(16)).phrase;
    case 'createWallet': {
      const mnemonic = request.mnemonic.trim().toLowerCase().split(/\s+/).join(' ');
      if (!Mnemonic.isValidMnemonic(mnemonic)) throw new Error('This is not a valid BIP-39 recovery phrase');
      await vault.create({ mnemonic }, request.password);
      await accounts.reset(mnemonic);
      // Sites were granted accounts of the previous phrase, which are gone now.
      await services.local.set('permissions', {});
      return null;
    }
    case 'unlock':
      try {
        await vault.unlock(request.password);
      } catch (error) {
        throw error instanceof WrongPasswordError ? new Error('Incorrect password') : error;
      }
      await announceAccounts(services);
      return null;
    case 'lock':
      return lock();
    case 'addAccount': {
      const secret = await vault.secret();
      if (!secret) throw new Error('Unlock the wallet first');
      return accounts.addNext(secret.mnemonic);
    }
    case 'selectAccount':
      await accounts.select(request.address);
      await announceAccounts(services);
      return null;
    case 'selectNetwork':
      return switchNetwork(services, request.chainId);
    case 'revokeSite':
      await services.permissions.revoke(request.origin);
      await services.emit(request.origin, 'accountsChanged', []);
      return null;
    case 'resolveApproval':
      return services.approvals.settle(request.id, { approved: request.approved, value: request.value });
    case 'getActivity':
      return activity(services);
    case 'getBalance':
      return services.node<Hex>('eth_getBalance', [request.address, 'pending']);
    case 'setAutoLock': {
      if (!Number.isInteger(request.minutes) || request.minutes < 1) throw new Error('Auto-lock needs a whole number of minutes, at least 1');
      await services.local.update('settings', (s) => ({ ...s, autoLockMinutes: request.minutes }));
      return null;
    }
    case 'getTokens':
      return tokensWithBalances(services, request.account, request.chainId);
    case 'addToken':
      return addTokenByAddress(services, request.account, request.chainId, request.address);
    case 'removeToken':
      return services.tokens.remove(request.account, request.chainId, request.address);
  }
}
