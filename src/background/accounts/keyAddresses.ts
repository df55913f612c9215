/**
 * The address of each key of the unlocked secret, derived once. Deriving from the phrase costs a PBKDF2 run and the
 * curve's first multiplication (about 60 ms in a worker just started), and a connected site's first requests after the
 * worker stopped name its accounts. So what one worker derived is kept in session storage beside the secret itself
 * (memory only, the extension's own), bound to that secret by a hash of it: a restarted worker reads it back, and loads
 * the curve's code (its later script) only for a key it has not seen.
 */
import type { Hex } from '../../shared/params';
import { textHash } from '../../shared/utf8';
import type { TypedStorage } from '../storage/typedStorage';
import type { VaultSecret } from '../vault/crypto';
import type * as Keys from './keys';

export interface KeyAddressesSlice {
  /** Addresses by key (`phrase <index>`, `key <index>` of the imported keys), of the secret whose hash is `of`. */
  keyAddresses: { of: Hex; byKey: Record<string, Hex> } | null;
}
export const KEY_ADDRESSES_DEFAULTS: KeyAddressesSlice = { keyAddresses: null };

/** Which key of the secret an account uses: the phrase's `index`, or the imported key at `index`. */
export interface AccountKey {
  index: number;
  imported?: true;
}

/** The derivation's code (BIP-32 on secp256k1), loaded when a key's address is not known yet (loadLater.ts). */
export type LoadDerivation = () => Promise<Pick<typeof Keys, 'addressOf' | 'childNode' | 'nodeAt'>>;

export interface KeyAddresses {
  /**
   * The address of each of `accounts`' keys in `secret` (undefined when the vault has no such key), read or derived
   * now. Asking the answer for an account not among them that was never derived throws.
   */
  of(secret: VaultSecret, accounts: readonly AccountKey[]): Promise<(account: AccountKey) => Hex | undefined>;
  /** Keeps what was derived since the last save for the next worker. */
  save(): Promise<void>;
}

/**
 * How many accounts the phrase gives: indices 0 to 999, Add account taking the next. Each index a record names is
 * derived once (about 2 ms, the worker held meanwhile), and a page's content script may plant records of any index
 * (storage.local, Firefox): 100,000 held the first unlock of every browser session for minutes.
 */
export const MAX_PHRASE_ACCOUNTS = 1_000;

const hashOf = (secret: VaultSecret): Hex => textHash(JSON.stringify([secret.mnemonic, secret.importedKeys ?? []]));

const idOf = (account: AccountKey): string => `${account.imported ? 'key' : 'phrase'} ${account.index}`;

/** An index a key can have: one of the phrase's accounts, an array index (the imported keys'). A record a page planted may hold any value. */
const isIndex = (index: unknown, below: number): boolean => Number.isInteger(index) && (index as number) >= 0 && (index as number) < below;

export function createKeyAddresses(session: TypedStorage<KeyAddressesSlice>, load: LoadDerivation): KeyAddresses {
  let known: { of: Hex; byKey: Record<string, Hex> } | undefined;
  let unsaved = false;
  return {
    async of(secret, accounts) {
      const of = hashOf(secret);
      if (known?.of !== of) {
        const stored = await session.get('keyAddresses');
        known = stored?.of === of ? { of, byKey: { ...stored.byKey } } : { of, byKey: {} };
      }
      const { byKey } = known;
      const keyOf = (account: AccountKey) => (account.imported ? secret.importedKeys?.[account.index] : undefined);
      const hasKey = (account: AccountKey) => (account.imported ? isIndex(account.index, 2 ** 31) && Boolean(keyOf(account)) : isIndex(account.index, MAX_PHRASE_ACCOUNTS));
      const unknown = accounts.filter((account) => hasKey(account) && !Object.hasOwn(byKey, idOf(account)));
      if (unknown.length > 0) {
        const { addressOf, childNode, nodeAt } = await load();
        let root: Keys.KeyNode | undefined;
        for (const account of unknown) {
          byKey[idOf(account)] = addressOf(keyOf(account) ?? childNode((root ??= nodeAt({ phrase: secret.mnemonic }, "m/44'/60'/0'/0")), account.index));
        }
        unsaved = true;
      }
      return (account) => {
        if (!hasKey(account)) return undefined;
        const address = byKey[idOf(account)];
        if (!address) throw new Error(`The address of ${idOf(account)} was not derived`);
        return address;
      };
    },
    async save() {
      if (!unsaved || !known) return;
      unsaved = false;
      await session.set('keyAddresses', known);
    },
  };
}
