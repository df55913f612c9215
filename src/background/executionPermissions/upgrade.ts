/**
 * The first grant upgrades the account (issue 43): an account that does not delegate to DELEGATOR_V08 (a plain one,
 * one on Simple7702Account or on another delegate) sends one type-4 transaction to itself authorizing it, and on a
 * chain that lacks the DeleGator, a transaction that deploys it comes first. Both are planned here as stored batches
 * when the grant screen is prepared (named on it with their fees), sent through the batches' path on Grant
 * (../rpc/executionPermissions.ts, ./upgradeSteps.ts), and each is confirmed by what the chain then holds before the
 * grants are signed.
 */
import { hexlify, randomBytes } from 'ethers';
import { DELEGATOR_V08, delegateOf, isDelegatedTo } from '../../shared/contracts';
import { DELEGATES, delegateName } from '../../shared/delegates';
import type { Danger } from '../../shared/dangers';
import { BatchErrorCode, ErrorCode, RpcError } from '../../shared/errors';
import type { GrantUpgrade, PlannedStep } from '../../shared/grants';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { Executor } from '../batches/executors/executor';
import { upgradeAccount } from '../batches/executors/revokeDelegation';
import { sequential } from '../batches/executors/sequential';
import { toHexTierFees } from '../batches/fees';
import { selfTransfer } from '../batches/replace';
import type { BatchDraft } from '../batches/executors/executor';
import type { BatchStore } from '../batches/store';
import { unsignedTransactions } from '../batches/unsignedTransactions';
import { l1FeeUpperBound } from '../fees/l1DataFee';
import { tierFees } from '../fees/tiers';
import type { ChainNode } from '../networks/rpcClient';
import { CREATE2_DEPLOYER, DEPLOYER_CODE, deployCall, isDeleGatorCode } from './deleGator';

export interface UpgradeNeed {
  /** The delegate the account leaves; null for a plain account. */
  replaces: Hex | null;
  /** The chain lacks the DeleGator: it is deployed first. */
  deploy: boolean;
}

/** The code at `address`, as the node says it is now. */
export const code = (node: ChainNode, address: Hex) => node<Hex>('eth_getCode', [address, 'latest']);

/** Whether `there`, the code at DELEGATOR_V08, is the wallet's build (false: no code); other code refuses the chain (5710). */
export function deleGatorDeployed(there: Hex, chainId: bigint): boolean {
  if (there === '0x') return false;
  if (!isDeleGatorCode(there, chainId)) throw new RpcError(BatchErrorCode.unsupportedChain, `${DELEGATOR_V08} holds code other than the wallet's DeleGator build on chain ${chainId}: no account is upgraded to it`);
  return true;
}

/** What `account` needs before it can grant on this chain: nothing (undefined) when it delegates to the DeleGator already. */
export async function upgradeNeed(node: ChainNode, account: Hex, chainId: bigint): Promise<UpgradeNeed | undefined> {
  const [own, deleGator] = await Promise.all([code(node, account), code(node, DELEGATOR_V08)]);
  if (isDelegatedTo(own, DELEGATOR_V08)) return undefined;
  const replaces = delegateOf(own);
  if (own !== '0x' && !replaces) throw new RpcError(BatchErrorCode.upgradeRejected, `${account} is a contract, not an account the wallet can delegate (EIP-7702)`);
  if (deleGatorDeployed(deleGator, chainId)) return { replaces, deploy: false };
  if ((await code(node, CREATE2_DEPLOYER)).toLowerCase() !== DEPLOYER_CODE) throw new RpcError(BatchErrorCode.unsupportedChain, `Chain ${chainId} has neither the wallet's DeleGator nor the deterministic deployer (${CREATE2_DEPLOYER}) to deploy it`);
  return { replaces, deploy: true };
}

export interface UpgradePlanning {
  /** The site whose grant asks for the upgrade: the batches are its, as its other transactions. */
  origin: string;
  batches: Pick<BatchStore, 'add' | 'remove'>;
}

/**
 * Plans the upgrade (and the deployment before it) as batches awaiting the grant's approval, each priced at the market
 * tier. When planning fails, what it stored is removed: no approval would ever release it.
 */
export async function plannedUpgrade(need: UpgradeNeed, { node, network, account }: { node: ChainNode; network: Network; account: Hex }, { origin, batches }: UpgradePlanning): Promise<GrantUpgrade> {
  const tiers = await tierFees(node, network.chainId);
  const stored: string[] = [];
  const plan = async (executor: Executor, draft: Omit<BatchDraft, 'id' | 'origin' | 'from'>): Promise<PlannedStep> => {
    const batch = await executor.plan({ node, network, upgraded: false }, { id: hexlify(randomBytes(32)), origin, from: account, ...draft });
    // Sent anyway, it would revert and cost its gas: refused before any window.
    if (batch.warning) throw new RpcError(BatchErrorCode.upgradeRejected, `The DeleGator's deployment would revert on ${network.name}: ${batch.warning}`);
    if (!(await batches.add({ ...batch, feeCaps: toHexTierFees(tiers) }))) throw new RpcError(ErrorCode.internal, `The planned batch ${batch.id} was not stored (its id is taken): ask again`);
    stored.push(batch.id);
    const gas = batch.gasLimits.reduce((sum, limit) => sum + BigInt(limit), 0n);
    const l1Fee = await l1FeeUpperBound(node, network, async () => unsignedTransactions(batch, tiers.market));
    return { batchId: batch.id, gasLimit: gas.toString(), maxFee: (gas * tiers.market.maxFeePerGas + l1Fee).toString() };
  };
  const steps = async () => {
    const deploy = need.deploy ? await plan(sequential, { calls: [deployCall()] }) : undefined;
    return { deploy, upgrade: await plan(upgradeAccount, { calls: [selfTransfer(account)], delegateTo: DELEGATOR_V08 }) };
  };
  const { deploy, upgrade } = await steps().catch(async (error: unknown) => {
    for (const id of stored) await batches.remove(origin, id);
    throw error;
  });
  const name = need.replaces ? delegateName(need.replaces) : undefined;
  return {
    ...upgrade,
    replaces: need.replaces ? { address: need.replaces, ...(name ? { name } : {}) } : null,
    delegate: { address: DELEGATOR_V08, name: DELEGATES.deleGator.name },
    ...(deploy ? { deploy } : {}),
    dangers: need.replaces && !name ? [replacesDelegate(need.replaces)] : [],
  };
}

/**
 * Leaving a delegate the wallet did not set: EIP-7702 keeps the storage it wrote, now under the DeleGator's code, and
 * what only it could do for the account (its other keys, guardians, modules, positions it alone withdraws) stops.
 */
const replacesDelegate = (delegate: Hex): Danger => ({
  kind: 'replacesDelegate',
  tone: 'danger',
  confirm: true,
  words: { key: 'dangers_replacesDelegate', values: { delegate } },
  message: `This account delegates now to ${delegate}, a contract this wallet did not set. The upgrade replaces it: whatever it keeps or manages for the account (other keys, guardians, modules, funds only it can withdraw) stops working, and its storage stays behind. Move what it manages first unless you know it keeps nothing.`,
});
