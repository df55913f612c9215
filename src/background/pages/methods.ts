/** The pages' method table: what the popup and the approval window may ask, by name (shared/pages.ts types it). */
import { Mnemonic, randomBytes } from 'ethers';
import { invalidParams, RpcError, ErrorCode } from '../../shared/errors';
import { RESET_CONFIRMATION } from '../../shared/pages';
import { address, boolean, data, hash32, quantity, type Hex } from '../../shared/params';
import { collectibleMetadata, collectiblesWithHoldings } from '../collectibles/watchList';
import { removeNetwork, restoreNetwork, saveNetwork } from '../networks/edit';
import { NETWORKS_DEFAULTS } from '../networks/registry';
import { switchNetwork } from '../rpc/switchNetwork';
import { setMetaMaskCompatibility } from '../settings/compatibility';
import { announceAccounts } from '../permissions/visible';
import { addTokenByAddress, tokensWithBalances } from '../tokens/watchList';
import { CorruptVaultError, WrongPasswordError } from '../vault/crypto';
import { ThrottledError } from '../vault/vault';
import { accountOnChain, accountParam, chainParam, originParam, collectibleParam, fields, networkForm, none, popupTransaction, text } from './params';
import { changePassword, importPrivateKey, revealPhrase } from './accounts';
import { delegationOf, revertToPlainAccount } from './delegation';
import { checkDelegations, reviewForeignRevert } from './firewall';
import { askUser, quoteSend, selectedSender, sendFromWallet } from './send';
import { approvalPreview } from './preview';
import { activity, walletState } from './state';
import type { PageTable } from './types';

const REJECT_REASONS = ['decline-upgrade'] as const;

export const pageMethods: PageTable = {
  getState: { parse: none, read: true, handle: (_p, { services }) => walletState(services) },
  getActivity: { parse: none, read: true, handle: (_p, { services }) => activity(services) },
  getBalance: { parse: accountParam, read: true, handle: (p, { services }) => services.node<Hex>('eth_getBalance', [p.address, 'pending']) },
  getTokens: { parse: accountOnChain, read: true, handle: (p, { services }) => tokensWithBalances(services, p.account, p.chainId) },
  getCollectibles: { parse: accountOnChain, read: true, handle: (p, { services }) => collectiblesWithHoldings(services, p.account, p.chainId) },
  getCollectibleMetadata: {
    parse: collectibleParam,
    read: true,
    handle: (p, { services }) => collectibleMetadata(services, p.account, p.chainId, p.address, p.tokenId),
  },
  previewApproval: { parse: (params) => ({ id: text(fields(params).id, 'id') }), read: true, handle: (p, { services }) => approvalPreview(services, p.id) },

  generatePhrase: { parse: none, handle: async () => Mnemonic.fromEntropy(randomBytes(16)).phrase },
  createWallet: {
    parse: (params) => ({ mnemonic: text(fields(params).mnemonic, 'mnemonic'), password: text(fields(params).password, 'password') }),
    async handle({ mnemonic, password }, { services }) {
      const phrase = mnemonic.trim().toLowerCase().split(/\s+/).join(' ');
      if (!Mnemonic.isValidMnemonic(phrase)) throw invalidParams('This is not a valid BIP-39 recovery phrase');
      await services.vault.create({ mnemonic: phrase }, password);
      await services.accounts.reset(phrase);
      // Sites were granted accounts of the previous phrase, which are gone now.
      await services.permissions.revokeAll();
      return null;
    },
  },
  unlock: {
    parse: (params) => ({ password: text(fields(params).password, 'password') }),
    async handle({ password }, { services }) {
      try {
        await services.vault.unlock(password);
      } catch (error) {
        if (error instanceof WrongPasswordError) throw new RpcError(ErrorCode.unauthorized, 'Incorrect password');
        if (error instanceof ThrottledError) throw new RpcError(ErrorCode.limitExceeded, error.message, { retryAt: error.retryAt });
        if (error instanceof CorruptVaultError) throw new RpcError(ErrorCode.internal, error.message);
        throw error;
      }
      // The stored list is checked against the keys before anyone is told of an account.
      await services.accounts.verify();
      await announceAccounts(services);
      void services.firewall.check().catch((error: Error) => console.warn('[firewall] check at unlock failed', error.message));
      return null;
    },
  },
  lock: { parse: none, handle: async (_p, { lock }) => (await lock(), null) },
  addAccount: {
    parse: none,
    async handle(_p, { services }) {
      const secret = await services.vault.secret();
      if (!secret) throw new RpcError(ErrorCode.unauthorized, 'Unlock the wallet first');
      const { address: added, name } = await services.accounts.addNext(secret.mnemonic);
      return { address: added, name };
    },
  },
  renameAccount: {
    parse(params) {
      const p = fields(params);
      const name = text(p.name, 'name').trim();
      if (name.length === 0 || name.length > 40) throw invalidParams('An account name has 1 to 40 characters');
      return { address: address(p.address, 'address'), name };
    },
    handle: async (p, { services }) => (await services.accounts.rename(p.address, p.name), null),
  },
  importPrivateKey: {
    parse: (params) => ({ privateKey: text(fields(params).privateKey, 'privateKey'), password: text(fields(params).password, 'password') }),
    handle: (p, { services }) => importPrivateKey(services, p),
  },
  revealPhrase: {
    parse: (params) => ({ password: text(fields(params).password, 'password') }),
    handle: (p, { services }) => revealPhrase(services, p.password),
  },
  changePassword: {
    parse: (params) => ({ current: text(fields(params).current, 'current'), next: text(fields(params).next, 'next') }),
    handle: (p, { services }) => changePassword(services, p),
  },
  selectAccount: {
    parse: accountParam,
    async handle(p, { services }) {
      await services.accounts.select(p.address);
      await announceAccounts(services);
      return null;
    },
  },
  selectNetwork: { parse: chainParam, handle: async (p, { services }) => (await switchNetwork(services, p.chainId), null) },
  revokeSite: {
    parse: originParam,
    async handle(p, { services }) {
      await services.permissions.revoke(p.origin);
      await services.emit(p.origin, 'accountsChanged', []);
      return null;
    },
  },
  distrustSite: {
    parse: originParam,
    handle: async (p, { services }) => (await services.trustedSites.distrust(p.origin), null),
  },
  resolveApproval: {
    parse(params) {
      const p = fields(params);
      const reason = p.reason === undefined ? undefined : REJECT_REASONS.find((r) => r === p.reason);
      if (p.reason !== undefined && !reason) throw invalidParams(`reason must be one of ${REJECT_REASONS.join(', ')}`);
      return { id: text(p.id, 'id'), approved: boolean(p.approved, 'approved'), answer: p.answer, ...(reason ? { reason } : {}) };
    },
    async handle({ id, approved, answer, reason }, { services }) {
      await services.approvals.settle(id, approved ? { approved, answer } : { approved, reason });
      return null;
    },
  },
  setAutoLock: {
    parse(params) {
      const { minutes } = fields(params);
      if (!Number.isInteger(minutes) || (minutes as number) < 1) throw invalidParams('Auto-lock needs a whole number of minutes, at least 1');
      return { minutes: minutes as number };
    },
    async handle({ minutes }, { services }) {
      await services.settings.update('settings', (s) => ({ ...s, autoLockMinutes: minutes }));
      return null;
    },
  },
  setMetaMaskCompatibility: {
    parse(params) {
      const { origin, enabled } = fields(params);
      if (enabled !== null && typeof enabled !== 'boolean') throw invalidParams('enabled must be true, false or null');
      return { origin: origin === undefined ? undefined : text(origin, 'origin'), enabled };
    },
    async handle({ origin, enabled }, { services }) {
      await setMetaMaskCompatibility(services.settings, origin, enabled);
      return null;
    },
  },
  resetWallet: {
    parse(params) {
      const { confirmation } = fields(params);
      if (confirmation !== RESET_CONFIRMATION) throw invalidParams(`Type ${RESET_CONFIRMATION} to reset the wallet`);
      return { confirmation };
    },
    async handle(_p, { services, lock }) {
      // Waiting requests are answered 4001 and every site hears it lost its accounts before anything is forgotten.
      await services.approvals.rejectAll();
      const sites = Object.keys(await services.permissions.list());
      await services.permissions.revokeAll();
      await Promise.all(sites.map((origin) => services.emit(origin, 'accountsChanged', [])));
      await lock();
      const chainBefore = (await services.networks.selected()).chainId;
      await services.resetStorage();
      // A fresh wallet is on the default chain: pages (and the chain id their content scripts answer) hear it.
      const chainAfter = NETWORKS_DEFAULTS.selectedChainId;
      if (BigInt(chainBefore) !== BigInt(chainAfter)) await services.emit('*', 'chainChanged', chainAfter);
      return null;
    },
  },
  addToken: {
    parse: (params) => ({ ...accountOnChain(params), address: text(fields(params).address, 'address') }),
    handle: (p, { services }) => addTokenByAddress(services, p.account, p.chainId, p.address),
  },
  quoteSend: {
    parse: (params) => {
      const p = fields(params);
      return { to: address(p.to, 'to'), value: quantity(p.value, 'value'), data: data(p.data, 'data'), recipient: address(p.recipient, 'recipient') };
    },
    read: true,
    handle: (p, { services }) => quoteSend(services, p),
  },
  send: { parse: popupTransaction, handle: (p, { services }) => sendFromWallet(services, p) },
  saveNetwork: { parse: networkForm, handle: async (p, { services }) => (await saveNetwork(services.networks, p, services.devnetBuild), null) },
  restoreNetwork: { parse: chainParam, handle: async (p, { services }) => (await restoreNetwork(services.networks, p.chainId), null) },
  removeNetwork: {
    parse: chainParam,
    async handle({ chainId }, { services }) {
      await removeNetwork(services.networks, chainId, async () => switchNetwork(services, (await services.networks.all())[0].chainId));
      return null;
    },
  },
  getDelegation: { parse: none, read: true, handle: (_p, { services }) => delegationOf(services) },
  revertDelegation: { parse: none, handle: (_p, { services }) => revertToPlainAccount(services) },
  checkDelegations: { parse: none, read: true, handle: (_p, { services }) => checkDelegations(services) },
  reviewForeignRevert: { parse: (params) => ({ account: address(fields(params).account, 'account') }), handle: (p, { services }) => reviewForeignRevert(services, p.account) },
  replaceTransaction: {
    parse(params) {
      const p = fields(params);
      if (p.mode !== 'speedUp' && p.mode !== 'cancel') throw invalidParams('mode must be speedUp or cancel');
      return { origin: text(p.origin, 'origin'), id: text(p.id, 'id'), hash: hash32(p.hash, 'hash'), mode: p.mode };
    },
    // Reviewed in the approval window first; the batch's own site and id say which transaction.
    handle: async (p, { services }) => askUser(services, 'replaceTransaction', p, await selectedSender(services)),
  },
  removeCollectible: {
    parse: collectibleParam,
    async handle(p, { services }) {
      await services.collectibles.remove(p.account, p.chainId, p.address, p.tokenId);
      return null;
    },
  },
  removeToken: {
    parse: (params) => ({ ...accountOnChain(params), address: address(fields(params).address, 'address') }),
    async handle(p, { services }) {
      await services.tokens.remove(p.account, p.chainId, p.address);
      return null;
    },
  },
};
