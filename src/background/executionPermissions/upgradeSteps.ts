/**
 * The first grant's upgrade on Grant (./upgrade.ts plans it): each planned step still needed is sent through the
 * batches' path, then confirmed by what the chain holds before the next step or the grants are signed.
 */
import { DELEGATOR_V08, delegateOf, delegationCode, isDelegatedTo } from '../../shared/contracts';
import { delegateKind } from '../../shared/delegates';
import { BatchErrorCode, RpcError } from '../../shared/errors';
import type { GrantPermissionsDetails } from '../../shared/grants';
import { withAccountLock } from '../batches/nonceLock';
import type { BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { isDeleGatorCode } from './deleGator';
import { code, deleGatorDeployed } from './upgrade';
/** The planned steps' batches, in order: the DeleGator's deployment where the chain lacks it, then the account's upgrade. */
export const upgradeSteps = (details: GrantPermissionsDetails): string[] => plannedSteps(details).map((step) => step.id);

/** What a step is for: `deploy` the DeleGator, or `upgrade` the account. */
type StepKind = 'deploy' | 'upgrade';

/**
 * Each step with what it is for, as the window planned it: never read from its stored record, which storage.local
 * holds where a content script writes on Firefox (a record made to read as a deployment would skip the upgrade).
 */
const plannedSteps = ({ upgrade }: GrantPermissionsDetails): { id: string; kind: StepKind }[] =>
  upgrade ? [...(upgrade.deploy ? [{ id: upgrade.deploy.batchId, kind: 'deploy' as const }] : []), { id: upgrade.batchId, kind: 'upgrade' }] : [];

/** How the approval runs a planned batch: the worker's batches path (nonce lock, fee caps, Activity), which lives in background.js. */
export interface StepRunner {
  node: ChainNode;
  /** Sends the batch and settles once it is decided in a sealed block (or dropped, or no longer followed). */
  settle(id: string): Promise<unknown>;
  batch(id: string): Promise<BatchRecord | undefined>;
  /** Drops a planned batch not signed: the chain holds already what it was for, or a step before it failed. */
  discard(id: string): Promise<void>;
}

/** Nothing of it signed yet: it can still be left out. */
const unsigned = (batch: BatchRecord): boolean => batch.state === 'awaiting-approval' || batch.state === 'approved';

/**
 * Whether a step not signed yet is still to be sent, by what the chain holds on Grant (the window may have waited
 * while another grant's upgrade landed). An account that delegates now to a contract other than the one the window
 * said it replaces, and not one of the wallet's own, is refused: the user agreed to leave that one, not another.
 */
async function stillNeeded(node: ChainNode, kind: StepKind, details: GrantPermissionsDetails): Promise<boolean> {
  if (kind === 'deploy') return !deleGatorDeployed(await code(node, DELEGATOR_V08), BigInt(details.chainId));
  const own = await code(node, details.account);
  if (isDelegatedTo(own, DELEGATOR_V08)) return false;
  const shown = details.upgrade?.replaces?.address.toLowerCase() ?? null;
  const now = delegateOf(own)?.toLowerCase() ?? (own === '0x' ? null : 'a contract’s own code');
  // One of the wallet's own delegates (an atomic batch's Simple7702Account, sent meanwhile) keeps nothing to lose.
  if (now !== shown && !(now && delegateKind(now))) throw new RpcError(BatchErrorCode.upgradeRejected, `${details.account}'s code changed since the window named what the upgrade replaces (now ${now ?? 'none'}): the upgrade was not sent; ask again`);
  return true;
}

/** Sends each step still needed and has the chain confirm it before the next; drops those the chain holds already. */
async function runSteps(details: GrantPermissionsDetails, runner: StepRunner): Promise<void> {
  for (const { id, kind } of plannedSteps(details)) {
    const planned = await runner.batch(id);
    if (planned && unsigned(planned) && !(await stillNeeded(runner.node, kind, details))) {
      await runner.discard(id);
      continue;
    }
    await runner.settle(id);
    await confirmedStep(runner.node, await runner.batch(id), kind, details);
  }
}

/**
 * Runs the planned steps; throws (5750) when one did not do what it was for, after dropping those left unsent (the
 * approval is finished with the error: no release drops them). One grant at a time per account and chain: a second
 * grant approved while the first's upgrade runs then finds it done, rather than sending a second deployment (which
 * reverts) and a second upgrade.
 */
export function upgradeFirst(details: GrantPermissionsDetails, runner: StepRunner): Promise<void> {
  // Its own key: sending takes the account's nonce lock inside (runBatch).
  return withAccountLock(`upgrade ${details.chainId} ${details.account}`, () => runSteps(details, runner).catch(async (error: unknown) => {
    for (const id of upgradeSteps(details)) {
      const left = await runner.batch(id);
      if (left && unsigned(left)) await runner.discard(id);
    }
    throw error;
  }));
}

/**
 * After a step was sent and followed: it landed (a receipt with status 1, not a cancel), and the chain holds what it
 * was for (the DeleGator's code, or the window's account delegating to it). A node's receipt is a claim; the code is
 * read back.
 */
async function confirmedStep(node: ChainNode, batch: BatchRecord | undefined, kind: StepKind, { account, chainId }: GrantPermissionsDetails): Promise<void> {
  const what = kind === 'upgrade' ? 'The account’s upgrade to the DeleGator' : 'The DeleGator’s deployment';
  const landed = batch?.transactions.some((t) => t.receipt?.status === '0x1' && !t.cancel && !t.dropped);
  if (!batch || !landed) throw new RpcError(BatchErrorCode.upgradeRejected, `${what} did not land (${batch?.error ?? 'reverted, dropped or cancelled'}): no permission was granted`);
  const holds = kind === 'upgrade'
    ? (await code(node, account)).toLowerCase() === delegationCode(DELEGATOR_V08)
    : isDeleGatorCode(await code(node, DELEGATOR_V08), BigInt(chainId));
  if (!holds) throw new RpcError(BatchErrorCode.upgradeRejected, `${what} landed, but the chain does not hold the code it should: no permission was granted`);
}
