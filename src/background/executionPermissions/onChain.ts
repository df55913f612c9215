/**
 * A grant as the chain has it: whether it is revoked (the DelegationManager has it disabled, or its account raised its
 * nonce past the one the grant carries: Revoke all), and what the session account has spent of it, read from its
 * enforcer's state: in the current period for a periodic grant or an allowance, in all for a stream. The wallet's own
 * list only says what was granted; these are the facts Permissions shows, so each answer is read only when it is its
 * outputs' exact encoding (abi/exactResult.ts): a word of 2 is no `true`.
 */
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { abiInterface } from '../abi/abiInterface';
import { decodeExactResult } from '../abi/exactResult';
import type { ChainNode } from '../networks/rpcClient';
import type { Caveat } from './caveats';
import { frameworkOn } from './framework';
import { currentNonce } from './nonce';
import type { GrantRecord } from './store';

const MANAGER = abiInterface(['function disabledDelegations(bytes32 delegationHash) view returns (bool)', 'function disableDelegation((address delegate, address delegator, bytes32 authority, (address enforcer, bytes terms, bytes args)[] caveats, uint256 salt, bytes signature) delegation)']);
const PERIODIC = abiInterface(['function getAvailableAmount(bytes32 delegationHash, address delegationManager, bytes terms) view returns (uint256 availableAmount, bool isNewPeriod, uint256 currentPeriod)']);
const STREAMING = abiInterface(['function streamingAllowances(address delegationManager, bytes32 delegationHash) view returns (uint256 initialAmount, uint256 maxAmount, uint256 amountPerSecond, uint256 startTime, uint256 spent)']);

export interface GrantOnChain {
  revoked: boolean;
  /** Spent in the current period (periodic, allowance) or in all (stream), in the token's units. */
  spent: bigint;
}

/** The grant's own enforcer: the first caveat, as caveats.ts builds it. */
const amountCaveat = (grant: GrantRecord): Caveat => grant.delegation.caveats[0];

/** Whether the account's nonce at the NonceEnforcer is past the one the grant carries (false for a grant without one). */
async function nonceRaised(node: ChainNode, grant: GrantRecord): Promise<boolean> {
  const framework = frameworkOn(Number(grant.chainId));
  const carried = grant.delegation.caveats.find((c) => c.enforcer.toLowerCase() === framework?.enforcers.nonce.toLowerCase());
  if (!framework || !carried) return false;
  return (await currentNonce(node, framework, grant.from)) > BigInt(carried.terms);
}

export async function grantOnChain(node: ChainNode, grant: GrantRecord): Promise<GrantOnChain> {
  const call = (to: Hex, data: string) => node<string>('eth_call', [{ to, data }, 'latest']);
  const [manager, periodic, streaming] = await Promise.all([MANAGER(), PERIODIC(), STREAMING()]);
  const { enforcer, terms } = amountCaveat(grant);
  const { data } = grant.permission;
  const [disabled, spent, raised] = await Promise.all([
    call(grant.delegationManager, manager.encodeFunctionData('disabledDelegations', [grant.id])).then((answer) => decodeExactResult(manager, 'disabledDelegations', answer)[0] as boolean),
    'amountPerSecond' in data
      ? call(enforcer, streaming.encodeFunctionData('streamingAllowances', [grant.delegationManager, grant.id])).then((answer) => decodeExactResult(streaming, 'streamingAllowances', answer).spent as bigint)
      : call(enforcer, periodic.encodeFunctionData('getAvailableAmount', [grant.id, grant.delegationManager, terms])).then((answer) => {
        const { availableAmount, currentPeriod } = decodeExactResult(periodic, 'getAvailableAmount', answer);
        // Before its start the enforcer counts no period and says nothing is available: nothing was spent.
        if (currentPeriod === 0n) return 0n;
        return BigInt('periodAmount' in data ? data.periodAmount : data.allowanceAmount) - (availableAmount as bigint);
      }),
    nonceRaised(node, grant),
  ]);
  // What no enforcer can hold (more left than the period's amount, more spent than the cap) is a node's lie: not shown.
  const cap = BigInt('periodAmount' in data ? data.periodAmount : 'allowanceAmount' in data ? data.allowanceAmount : data.maxAmount);
  if (spent < 0n || spent > cap) throw new Error(`The node says ${spent} was spent of a grant of ${cap}, which cannot be`);
  return { revoked: disabled || raised, spent };
}

/**
 * The revoking call: the account (the delegator) asks the DelegationManager to disable the delegation. Grant records
 * live where no page writes (grantRecordStore.ts), and still the call goes only to the chain's own DelegationManager,
 * from the delegation's own delegator: a record from before migration 5 moved them could have been planted.
 */
export async function revokeCall(grant: GrantRecord): Promise<{ to: Hex; data: Hex }> {
  const { delegate, delegator, authority, caveats, salt, signature } = grant.delegation;
  const manager = frameworkOn(Number(grant.chainId))?.delegationManager;
  if (manager === undefined || grant.delegationManager.toLowerCase() !== manager.toLowerCase()) throw invalidParams(`The grant ${grant.id} names ${grant.delegationManager}, not the DelegationManager of chain ${grant.chainId}`);
  if (delegator.toLowerCase() !== grant.from.toLowerCase()) throw invalidParams(`The grant ${grant.id} was not signed by ${grant.from}`);
  const data = (await MANAGER()).encodeFunctionData('disableDelegation', [[delegate, delegator, authority, caveats.map((c) => [c.enforcer, c.terms, c.args]), BigInt(salt), signature]]) as Hex;
  return { to: grant.delegationManager, data };
}
