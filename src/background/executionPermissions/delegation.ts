/**
 * A grant as the Delegation Framework redeems it: a delegation from the user's account (the delegator) to the session
 * account (the delegate), signed as EIP-712 typed data under the DelegationManager's domain, and handed to the site as
 * its permission context: the ABI encoding of the delegation chain (here one delegation) that `redeemDelegations`
 * takes.
 */
import type { Hex } from '../../shared/params';
import type { TypedMessage } from '../../shared/typedData/types';
import { loadAbi } from '../abi/loadAbi';
import type { Caveat } from './caveats';

/** The authority of a delegation that no other delegation grants: the delegator's own. */
export const ROOT_AUTHORITY: Hex = `0x${'f'.repeat(64)}`;

export interface Delegation {
  delegate: Hex;
  delegator: Hex;
  authority: Hex;
  caveats: Caveat[];
  /** A uint256, as hex (the delegation is stored as JSON). */
  salt: Hex;
  signature: Hex;
}

/** What the delegator signs: the delegation without its signature, under the DelegationManager's EIP-712 domain. */
export function delegationTypedData({ delegate, delegator, authority, caveats, salt }: Omit<Delegation, 'signature'>, chainId: number, delegationManager: Hex): TypedMessage {
  return {
    domain: { name: 'DelegationManager', version: '1', chainId, verifyingContract: delegationManager },
    types: {
      EIP712Domain: [
        { name: 'name', type: 'string' },
        { name: 'version', type: 'string' },
        { name: 'chainId', type: 'uint256' },
        { name: 'verifyingContract', type: 'address' },
      ],
      Delegation: [
        { name: 'delegate', type: 'address' },
        { name: 'delegator', type: 'address' },
        { name: 'authority', type: 'bytes32' },
        { name: 'caveats', type: 'Caveat[]' },
        { name: 'salt', type: 'uint256' },
      ],
      Caveat: [
        { name: 'enforcer', type: 'address' },
        { name: 'terms', type: 'bytes' },
      ],
    },
    primaryType: 'Delegation',
    message: { delegate, delegator, authority, caveats: caveats.map(({ enforcer, terms }) => ({ enforcer, terms })), salt },
  };
}

const DELEGATIONS = 'tuple(address delegate, address delegator, bytes32 authority, tuple(address enforcer, bytes terms, bytes args)[] caveats, uint256 salt, bytes signature)[]';

/** The permission context of a delegation chain, leaf first (as `redeemDelegations` takes it). */
export async function permissionContext(chain: Delegation[]): Promise<Hex> {
  const coder = (await loadAbi()).AbiCoder.defaultAbiCoder();
  return coder.encode([DELEGATIONS], [chain.map((d) => [d.delegate, d.delegator, d.authority, d.caveats.map((c) => [c.enforcer, c.terms, c.args]), BigInt(d.salt), d.signature])]) as Hex;
}
