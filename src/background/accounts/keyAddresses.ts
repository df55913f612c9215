/**
 * The address of each key of the unlocked secret, derived once. Deriving from the phrase costs a PBKDF2 run and the
 * curve's first multiplication (about 60 ms in a worker just started), and a connected site's first requests after the
 * worker stopped name its accounts. So what one worker derived is kept in session storage beside the secret itself
 * (memory only, the extension's own), bound to that secret by a hash of it: a restarted worker reads it back.
 */
import { keccak256, toUtf8Bytes } from 'ethers';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';
import type { VaultSecret } from '../vault/crypto';
import { addressOf, childNode, nodeAt } from './keys';

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

export interface KeyAddresses {
  /** The address of an account's key in `secret` (undefined when the vault has no such key), read or derived. */
  of(secret: VaultSecret): Promise<(account: AccountKey) => Hex | undefined>;
  /** Keeps what was derived since the last save for the next worker. */
  save(): Promise<void>;
}

const hashOf = (secret: VaultSecret): Hex => keccak256(toUtf8Bytes(JSON.stringify([secret.mnemonic, secret.importedKeys ?? []]))) as Hex;

export function createKeyAddresses(session: TypedStorage<KeyAddressesSlice>): KeyAddresses {
  let known: { of: Hex; byKey: Record<string, Hex> } | undefined;
  let unsaved = false;
  return {
    async of(secret) {
      const of = hashOf(secret);
      if (known?.of !== of) {
        const stored = await session.get('keyAddresses');
        known = stored?.of === of ? { of, byKey: { ...stored.byKey } } : { of, byKey: {} };
      }
      const { byKey } = known;
      let root: ReturnType<typeof nodeAt> | undefined;
      return (account) => {
        const key = account.imported ? secret.importedKeys?.[account.index] : undefined;
        if (account.imported && !key) return undefined;
        const id = `${account.imported ? 'key' : 'phrase'} ${account.index}`;
        if (!Object.hasOwn(byKey, id)) {
          byKey[id] = addressOf(key ?? childNode((root ??= nodeAt({ phrase: secret.mnemonic }, "m/44'/60'/0'/0")), account.index));
          unsaved = true;
        }
        return byKey[id];
      };
    },
    async save() {
      if (!unsaved || !known) return;
      unsaved = false;
      await session.set('keyAddresses', known);
    },
  };
}
