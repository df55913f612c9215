/** Permits the user signed through the wallet (EIP-2612, DAI, Permit2), remembered so Approvals can read them back on chain. */
import type { Grant, SignedTerms } from '../../shared/allowances';
import type { Hex } from '../../shared/params';
import type { TypedStorage } from '../storage/typedStorage';

/** `amount` and `deadline` are absent on records kept before them (and on approvals signed before): ./recorded.ts names those while kept. */
export interface SignedGrant extends Grant, Partial<Pick<SignedTerms, 'amount' | 'deadline'>> {
  account: Hex;
  chainId: Hex;
}

export interface SignedGrantsSlice {
  /** A key of its own, so storage from before it needs no migration. */
  signedGrants: SignedGrant[];
}
export const SIGNED_GRANTS_DEFAULTS: SignedGrantsSlice = { signedGrants: [] };

/** The oldest are dropped past this: a permit's allowance long used or revoked is not worth a read every 2 s. */
const MAX_KEPT = 200;
/** A permit signed again with the same terms is kept once; one with others is kept beside it: either may be submitted. */
const key = (g: SignedGrant) => `${g.account} ${BigInt(g.chainId)} ${g.kind} ${g.token} ${g.spender} ${g.amount} ${g.deadline}`.toLowerCase();

export async function rememberSignedGrants(storage: TypedStorage<SignedGrantsSlice>, account: Hex, chainId: Hex, grants: SignedTerms[]): Promise<void> {
  if (grants.length === 0) return;
  const added = grants.map((g) => ({ ...g, account, chainId }));
  await storage.update('signedGrants', (kept) => {
    const fresh = new Set(added.map(key));
    return [...kept.filter((g) => !fresh.has(key(g))), ...added].slice(-MAX_KEPT);
  });
}

export const signedGrantsOf = (kept: SignedGrant[], account: Hex, chainId: Hex): Grant[] =>
  kept.filter((g) => g.account.toLowerCase() === account.toLowerCase() && BigInt(g.chainId) === BigInt(chainId)).map(({ kind, token, spender }) => ({ kind, token, spender }));
