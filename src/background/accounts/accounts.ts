/**
 * Accounts derived from the vault's phrase along m/44'/60'/0'/0/i, and single private keys imported into the same
 * encrypted vault. Addresses are stored; keys never are (they stay in the vault). The stored list is not trusted (a
 * page's content script can write storage.local on Firefox): while unlocked, each record's address is the one its
 * key derives, a record without a key is dropped, and nothing is signed for an address its key does not derive. A
 * Ledger account (ledgerAccounts.ts) has no key: listed while unlocked only when the vault holds its address and path.
 */
import type { BaseWallet } from 'ethers';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';
import type { Vault } from '../vault/vault';
import type { VaultSecret } from '../vault/crypto';
import { MAX_PHRASE_ACCOUNTS, type KeyAddresses } from './keyAddresses';
import type * as Keys from './keys';
import { isLedgerRecord, ledgerAddress, noKeyMessage } from './ledgerAccounts';
import { type AccountRecord, type AccountsSlice, derived, kind, records, same, withKeys } from './storedAccounts';

/** A Ledger account to list: the vault holds `address` and `path` at `index` already. */
export interface LedgerAccountEntry {
  address: Hex;
  path: string;
  index: number;
  name?: string;
}

export interface Accounts {
  /** While unlocked, as the vault's keys derive them; while locked, as stored. */
  list(): Promise<AccountRecord[]>;
  /** As `list()` while unlocked; none while locked, rather than the stored list a page's content script could write. */
  unlockedList(): Promise<AccountRecord[]>;
  /** The selected account among `list()`, else the first. */
  selected(): Promise<Hex | null>;
  /** At unlock: writes the list as the vault derives it back to storage, and a selection among it. */
  verify(): Promise<void>;
  select(address: Hex): Promise<void>;
  /** Replaces the account list with the first account of a new phrase. */
  reset(mnemonic: string): Promise<void>;
  addNext(mnemonic: string): Promise<AccountRecord>;
  /** Lists the account of the vault's `importedKeys[keyIndex]`. */
  addImported(address: Hex, keyIndex: number): Promise<AccountRecord>;
  /** Lists Ledger accounts the vault's `ledgerAccounts` hold; unnamed ones are named `Ledger <n>`. */
  addLedger(entries: readonly LedgerAccountEntry[]): Promise<AccountRecord[]>;
  rename(address: Hex, name: string): Promise<void>;
  /**
   * Unlists a Ledger account or an imported key once the vault no longer holds it (its entry spliced out): the records
   * of its kind after it move down an index, as their entries did. The selection moves to the first account left.
   */
  remove(address: Hex): Promise<void>;
  /** The signing wallet of one of our accounts; the vault must be unlocked. A Ledger account has none (4200). */
  signer(address: Hex): Promise<BaseWallet>;
  /** The device path of a Ledger account the unlocked vault holds; undefined for the others, and for all while locked. */
  ledgerPath(address: Hex): Promise<string | undefined>;
}

const record = (keys: Pick<typeof Keys, 'phraseAddress'>, mnemonic: string, index: number): AccountRecord => ({
  address: keys.phraseAddress(mnemonic, index),
  index,
  name: `Account ${index + 1}`,
});

const notOurs = (address: string) => new Error(`${address} is not an account of this wallet`);

/**
 * The keys' code (the curve, BIP-32/39, ethers' wallet and transaction code), loaded when an account is made or first
 * signs (the worker's later script, loadLater.ts).
 */
export type LoadKeys = () => Promise<Pick<typeof Keys, 'walletOf' | 'deriveWallet' | 'phraseAddress'>>;

/** The address of each record as the secret holds it (a key's, or a Ledger account's), from the keys' addresses. */
function addressesIn(secret: VaultSecret, keyAddress: (account: AccountRecord) => Hex | undefined) {
  return (account: AccountRecord): Hex | undefined => (isLedgerRecord(account) ? ledgerAddress(secret.ledgerAccounts, account) : keyAddress(account));
}

export function createAccounts(local: TypedStorage<AccountsSlice>, vault: Pick<Vault, 'secret'>, loadKeys: LoadKeys, keyAddresses: KeyAddresses): Accounts {
  const listed = async (whileLocked: (stored: AccountRecord[]) => AccountRecord[]): Promise<AccountRecord[]> => {
    const [accounts, secret] = await Promise.all([local.get('accounts').then(records), vault.secret()]);
    if (!secret) return whileLocked(accounts);
    const kept = derived(accounts, addressesIn(secret, await keyAddresses.of(secret, withKeys(accounts))));
    await keyAddresses.save();
    return kept;
  };
  const list = (): Promise<AccountRecord[]> => listed((stored) => stored);
  const find = async (address: Hex): Promise<AccountRecord | undefined> => (await list()).find((a) => same(a.address, address));
  const selected = async (): Promise<Hex | null> => {
    const [accounts, chosen] = await Promise.all([list(), local.get('selectedAccount')]);
    return (accounts.find((a) => same(a.address, chosen)) ?? accounts[0])?.address ?? null;
  };

  return {
    list,
    unlockedList: () => listed(() => []),
    selected,
    async verify() {
      const secret = await vault.secret();
      if (!secret) return;
      // Derived before the update, which cannot wait: an account written in between (another page's Add account) is
      // written back as it is, neither dropped nor failing the unlock; list() checks it as any other.
      const seen = records(await local.get('accounts'));
      const addressOf = addressesIn(secret, await keyAddresses.of(secret, withKeys(seen)));
      // Looked up, not searched (as in derived()): a page may plant a list as long as it likes.
      const slot = (account: AccountRecord) => `${kind(account)} ${account.index}`;
      const slots = new Set(seen.map(slot));
      await local.update('accounts', (stored) => {
        const accounts = records(stored);
        const kept = derived(accounts, (account) => (slots.has(slot(account)) ? addressOf(account) : account.address));
        return kept.length === stored.length && kept.every((k, i) => k === stored[i]) ? stored : kept;
      });
      await keyAddresses.save();
      const chosen = await selected();
      if (chosen !== (await local.get('selectedAccount'))) await local.set('selectedAccount', chosen);
    },
    async select(address) {
      const account = await find(address);
      if (!account) throw notOurs(address);
      await local.set('selectedAccount', account.address);
    },
    async reset(mnemonic) {
      const first = record(await loadKeys(), mnemonic, 0);
      await local.set('accounts', [first]);
      await local.set('selectedAccount', first.address);
    },
    async addNext(mnemonic) {
      const keys = await loadKeys();
      let added: AccountRecord | undefined;
      await local.update('accounts', (accounts) => {
        const index = records(accounts).filter((a) => !a.imported && !isLedgerRecord(a)).length;
        if (index >= MAX_PHRASE_ACCOUNTS) throw new RpcError(ErrorCode.limitExceeded, `The recovery phrase gives at most ${MAX_PHRASE_ACCOUNTS} accounts here`);
        added = record(keys, mnemonic, index);
        return [...records(accounts), added];
      });
      return added!;
    },
    async addImported(address, keyIndex) {
      if (await find(address)) throw new Error(`${address} is already an account of this wallet`);
      let added: AccountRecord | undefined;
      await local.update('accounts', (accounts) => {
        added = { address, index: keyIndex, name: `Imported ${records(accounts).filter((a) => a.imported).length + 1}`, imported: true };
        return [...records(accounts), added];
      });
      return added!;
    },
    async addLedger(entries) {
      let added: AccountRecord[] = [];
      await local.update('accounts', (accounts) => {
        const count = records(accounts).filter(isLedgerRecord).length;
        added = entries.map((e, i) => ({ address: e.address, index: e.index, name: e.name ?? `Ledger ${count + i + 1}`, ledgerPath: e.path }));
        return [...records(accounts), ...added];
      });
      return added;
    },
    // Only the vault names a Ledger account: while locked none is one (a stored record may be planted).
    async ledgerPath(address) {
      return (await listed(() => [])).find((a) => same(a.address, address))?.ledgerPath;
    },
    async rename(address, name) {
      if (!(await find(address))) throw notOurs(address);
      await local.update('accounts', (accounts) => records(accounts).map((a) => (same(a.address, address) ? { ...a, name } : a)));
    },
    async remove(address) {
      await local.update('accounts', (stored) => {
        const accounts = records(stored);
        const gone = accounts.find((a) => same(a.address, address));
        if (!gone) return stored;
        return accounts.filter((a) => a !== gone).map((a) => (kind(a) === kind(gone) && a.index > gone.index ? { ...a, index: a.index - 1 } : a));
      });
      if (same(address, await local.get('selectedAccount'))) await local.set('selectedAccount', await selected());
    },
    // The record as stored: its address must be the one its key derives, whatever the list shows.
    async signer(address) {
      const [account, secret] = await Promise.all([local.get('accounts').then((all) => records(all).find((a) => same(a.address, address))), vault.secret()]);
      if (!account) throw notOurs(address);
      if (isLedgerRecord(account)) throw new RpcError(ErrorCode.unsupportedMethod, noKeyMessage(account.address));
      if (!secret) throw new Error('The wallet is locked');
      const key = account.imported ? secret.importedKeys?.[account.index] : undefined;
      if (account.imported && !key) throw new Error(`The vault holds no key for ${address}`);
      const { walletOf, deriveWallet } = await loadKeys();
      const wallet = key ? walletOf(key) : deriveWallet(secret.mnemonic, account.index);
      if (!same(wallet.address, account.address)) {
        throw new Error(`The key of account index ${account.index} is ${wallet.address}, not ${account.address}: nothing is signed`);
      }
      return wallet;
    },
  };
}
