/**
 * Accounts derived from the vault's phrase along m/44'/60'/0'/0/i, and single private keys imported into the same
 * encrypted vault. Addresses are stored; keys never are (they stay in the vault).
 */
import { HDNodeWallet, Mnemonic, Wallet, type BaseWallet } from 'ethers';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';
import type { Vault } from '../vault/vault';

export interface AccountRecord {
  address: Hex;
  /** Index i of the derivation path m/44'/60'/0'/0/i; for an imported key, its index in the vault's `importedKeys`. */
  index: number;
  name: string;
  /** A private key imported on its own, not derived from the phrase. */
  imported?: true;
}

export interface AccountsSlice {
  accounts: AccountRecord[];
  selectedAccount: Hex | null;
}
export const ACCOUNTS_DEFAULTS: AccountsSlice = { accounts: [], selectedAccount: null };

export const derivationPath = (index: number): string => `m/44'/60'/0'/0/${index}`;

export function deriveWallet(mnemonic: string, index: number): HDNodeWallet {
  return HDNodeWallet.fromMnemonic(Mnemonic.fromPhrase(mnemonic), derivationPath(index));
}

export interface Accounts {
  list(): Promise<AccountRecord[]>;
  selected(): Promise<Hex | null>;
  select(address: Hex): Promise<void>;
  /** Replaces the account list with the first account of a new phrase. */
  reset(mnemonic: string): Promise<void>;
  addNext(mnemonic: string): Promise<AccountRecord>;
  /** Lists the account of the vault's `importedKeys[keyIndex]`. */
  addImported(address: Hex, keyIndex: number): Promise<AccountRecord>;
  rename(address: Hex, name: string): Promise<void>;
  /** The signing wallet of one of our accounts; the vault must be unlocked. */
  signer(address: Hex): Promise<BaseWallet>;
}

const record = (mnemonic: string, index: number): AccountRecord => ({
  address: deriveWallet(mnemonic, index).address as Hex,
  index,
  name: `Account ${index + 1}`,
});

export function createAccounts(local: TypedStorage<AccountsSlice>, vault: Pick<Vault, 'secret'>): Accounts {
  const find = async (address: Hex): Promise<AccountRecord | undefined> =>
    (await local.get('accounts')).find((a) => a.address.toLowerCase() === address.toLowerCase());

  return {
    list: () => local.get('accounts'),
    selected: () => local.get('selectedAccount'),
    async select(address) {
      const account = await find(address);
      if (!account) throw new Error(`${address} is not an account of this wallet`);
      await local.set('selectedAccount', account.address);
    },
    async reset(mnemonic) {
      const first = record(mnemonic, 0);
      await local.set('accounts', [first]);
      await local.set('selectedAccount', first.address);
    },
    async addNext(mnemonic) {
      let added: AccountRecord | undefined;
      await local.update('accounts', (accounts) => {
        added = record(mnemonic, accounts.filter((a) => !a.imported).length);
        return [...accounts, added];
      });
      return added!;
    },
    async addImported(address, keyIndex) {
      if (await find(address)) throw new Error(`${address} is already an account of this wallet`);
      let added: AccountRecord | undefined;
      await local.update('accounts', (accounts) => {
        added = { address, index: keyIndex, name: `Imported ${accounts.filter((a) => a.imported).length + 1}`, imported: true };
        return [...accounts, added];
      });
      return added!;
    },
    async rename(address, name) {
      if (!(await find(address))) throw new Error(`${address} is not an account of this wallet`);
      await local.update('accounts', (accounts) => accounts.map((a) => (a.address.toLowerCase() === address.toLowerCase() ? { ...a, name } : a)));
    },
    async signer(address) {
      const [account, secret] = await Promise.all([find(address), vault.secret()]);
      if (!account) throw new Error(`${address} is not an account of this wallet`);
      if (!secret) throw new Error('The wallet is locked');
      if (!account.imported) return deriveWallet(secret.mnemonic, account.index);
      const key = secret.importedKeys?.[account.index];
      if (!key) throw new Error(`The vault holds no key for ${address}`);
      return new Wallet(key);
    },
  };
}
