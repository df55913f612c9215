/**
 * Permits the user signed through the wallet (EIP-2612, DAI, Permit2), remembered so Approvals can read them back on
 * chain and a paymaster's allowances name those it may still take (./recorded.ts). Kept in storage.local, which a
 * content script can write too (Firefox): each record is sealed (storage/seal.ts, the key where no page reaches), and
 * only those whose seal verifies are taken for what the account signed.
 */
import { isObject } from '../../shared/isObject';
import type { Grant, SignedTerms } from '../../shared/allowances';
import type { Hex } from '../../shared/params';
import { isAddress, isQuantity } from '../batches/recordShape';
import { isSealed, seal, type Sealer } from '../storage/seal';
import type { TypedStorage } from '../storage/typedStorage';

export interface SignedGrant extends Grant, Partial<Pick<SignedTerms, 'amount' | 'deadline'>> {
  account: Hex;
  chainId: Hex;
  /** The wallet's MAC over the rest: absent or wrong on a record a page wrote, and on those kept before it (with no `amount` nor `deadline`). */
  seal?: string;
}

export interface SignedGrantsSlice {
  /** A key of its own, so storage from before it needs no migration. */
  signedGrants: SignedGrant[];
}
export const SIGNED_GRANTS_DEFAULTS: SignedGrantsSlice = { signedGrants: [] };

export interface SignedGrants {
  remember(account: Hex, chainId: Hex, grants: SignedTerms[]): Promise<void>;
  /** The records kept with a signed grant's shape: a page may have written any of them. */
  all(): Promise<SignedGrant[]>;
  /** Whether the wallet wrote the record: its seal verifies. */
  authentic(grant: SignedGrant): Promise<boolean>;
}

/** The oldest are dropped past this: a permit's allowance long used or revoked is not worth a read every 2 s. */
const MAX_KEPT = 200;
/** A permit signed again with the same terms is kept once; one with others is kept beside it: either may be submitted. */
const key = (g: SignedGrant) => `${g.account} ${BigInt(g.chainId)} ${g.kind} ${g.token} ${g.spender} ${g.amount} ${g.deadline}`.toLowerCase();

const isDecimal = (value: unknown): boolean => typeof value === 'string' && /^[0-9]+$/.test(value);
/** Every field a reader reads, of its type (the chain id one BigInt reads). */
const hasShape = (value: unknown): value is SignedGrant =>
  isObject(value) && typeof value.kind === 'string' && isAddress(value.token) && isAddress(value.spender) && isAddress(value.account) &&
  isQuantity(value.chainId) &&
  (value.amount === undefined || isDecimal(value.amount)) && (value.deadline === undefined || isDecimal(value.deadline));

export function createSignedGrants(local: TypedStorage<SignedGrantsSlice>, sealer: Pick<Sealer, 'key'>): SignedGrants {
  return {
    async remember(account, chainId, grants) {
      if (grants.length === 0) return;
      const sealKey = await sealer.key();
      const added = grants.map((g) => seal(sealKey, { ...g, account, chainId }));
      await local.update('signedGrants', (kept) => {
        const fresh = new Set(added.map(key));
        // A record without the shape is dropped here: it is no permit the wallet kept.
        return [...kept.filter((g) => hasShape(g) && !fresh.has(key(g))), ...added].slice(-MAX_KEPT);
      });
    },
    all: async () => (await local.get('signedGrants')).filter(hasShape),
    authentic: async (grant) => isSealed(await sealer.key(), grant),
  };
}

export const signedGrantsOf = (kept: SignedGrant[], account: Hex, chainId: Hex): Grant[] =>
  kept.filter((g) => g.account.toLowerCase() === account.toLowerCase() && BigInt(g.chainId) === BigInt(chainId)).map(({ kind, token, spender }) => ({ kind, token, spender }));
