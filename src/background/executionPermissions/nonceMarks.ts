/**
 * What Revoke all counts on, beyond a node's word. A grant carries the account's NonceEnforcer nonce as a node reports
 * it at signing, and the enforcer runs it only while the nonce is exactly that: a node that overstated it made a grant
 * that sleeps until the nonce gets there, and one increment would wake it. So the wallet keeps (store.ts GrantNonces)
 * the highest nonce it signed, and the nonce its own Revoke alls are seen to have reached; Revoke all raises the nonce
 * past the one from no higher than either says, and a grant is not signed at a nonce known to be behind, or far ahead
 * (every later Revoke all would pay an increment for each step). In the later script (grantCode.ts).
 */
import { id, zeroPadValue } from 'ethers';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { BatchStore } from '../batches/store';
import { CallsStatus, batchStatus, counted, preconfirmed } from '../batches/status';
import type { BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { frameworkOn, type Framework } from './framework';
import { currentNonce, revokeAllCalls, revokeAllIncrements } from './nonce';
import type { GrantNonces, GrantRecord, Grants, NonceStore } from './store';

/** How far past the nonce the wallet knows a node may put a grant. */
export const MAX_AHEAD = 64n;

const USED_NONCE = id('UsedNonce(address,address,uint256)');
const maxOf = (values: bigint[]): bigint => values.reduce((a, b) => (a > b ? a : b));

type Batches = Pick<BatchStore, 'own'>;
/** The services these use: where the nonces are kept, and the batches a Revoke all was sent in. */
interface Kept {
  grants: Pick<Grants, 'nonceStore'>;
  batches: Batches;
}

export const NO_NONCES: GrantNonces = { reached: '0' };

let queue: Promise<unknown> = Promise.resolve();

/** Changes the account's nonces on the chain, one change at a time; the nonces as changed. */
export function updateNonces(store: NonceStore, { account, chainId }: { account: Hex; chainId: Hex }, change: (current: GrantNonces) => Promise<GrantNonces>): Promise<GrantNonces> {
  const key = `${BigInt(chainId)}:${account.toLowerCase()}`;
  const next = queue.then(async () => {
    const all = await store.loadNonces();
    const changed = await change(all?.[key] ?? NO_NONCES);
    await store.saveNonces({ ...all, [key]: changed });
    return changed;
  });
  queue = next.catch(() => undefined);
  return next;
}

function frameworkFor(chainId: Hex): Framework {
  const framework = frameworkOn(Number(chainId));
  if (!framework) throw new RpcError(ErrorCode.invalidParams, `Chain ${chainId} has no Delegation Framework: no grant runs there`);
  return framework;
}

/** The increments of the nonce a confirmed batch's receipts show: the enforcer's UsedNonce logs for the account. */
function incrementsSeen(batch: BatchRecord, { delegationManager, enforcers }: Framework): bigint {
  const topics = [USED_NONCE, zeroPadValue(delegationManager, 32), zeroPadValue(batch.from, 32)].map((t) => t.toLowerCase());
  const logs = counted(batch).flatMap((s) => s.receipt?.logs ?? []);
  return BigInt(logs.filter((log) => log.address.toLowerCase() === enforcers.nonce.toLowerCase() && topics.every((t, i) => log.topics[i]?.toLowerCase() === t)).length);
}

/**
 * `nonces` with its Revoke all sent, once decided, counted: confirmed in a sealed block, `reached` goes up by the
 * increments its receipts show (on a plain account the batch call does nothing), at most those it asked for; failed,
 * gone, or altered in storage, it is forgotten.
 */
export async function settledNonces(nonces: GrantNonces, chainId: Hex, batches: Batches): Promise<GrantNonces> {
  const { sent, ...rest } = nonces;
  if (!sent) return nonces;
  const batch = await batches.own(sent.origin, sent.batchId);
  if (!batch) return rest;
  const status = batchStatus(batch);
  if (status === CallsStatus.pending || (status === CallsStatus.confirmed && preconfirmed(batch))) return nonces;
  if (status !== CallsStatus.confirmed) return rest;
  // No more than it asked: a node's receipt padded with logs would take `reached` past the chain's nonce.
  const asked = batch.calls.length === 1 ? BigInt(await revokeAllIncrements(batch.calls[0], batch.from, batch.chainId)) : 0n;
  const seen = incrementsSeen(batch, frameworkFor(chainId));
  return { ...rest, reached: (BigInt(rest.reached) + (seen < asked ? seen : asked)).toString() };
}

/** Keeps `batch`, just sent, as its account's Revoke all sent when it is one (a sent one before it counted first). */
export const markedSent = (batch: BatchRecord, { grants, batches }: Kept): Promise<unknown> =>
  updateNonces(grants.nonceStore, { account: batch.from, chainId: batch.chainId }, (nonces) => noncesSent(nonces, batch, batches));

/** `nonces` with `batch` kept as the Revoke all sent, when it is one (a sent one before it counted first). */
export async function noncesSent(nonces: GrantNonces, batch: BatchRecord, batches: Batches): Promise<GrantNonces> {
  if (batch.calls.length !== 1 || (await revokeAllIncrements(batch.calls[0], batch.from, batch.chainId)) === 0) return nonces;
  return { ...(await settledNonces(nonces, batch.chainId, batches)), sent: { origin: batch.origin, batchId: batch.id } };
}

/** The nonce the account's grants are signed at now, marked signed first (signingNonce). */
export async function markedSigning(node: ChainNode, account: { account: Hex; chainId: Hex }, { grants, batches }: Kept): Promise<bigint> {
  let nonce = 0n;
  await updateNonces(grants.nonceStore, account, async (current) => {
    const marked = await signingNonce(node, account, current, batches);
    nonce = marked.nonce;
    return marked.nonces;
  });
  return nonce;
}

/**
 * The nonce the account's grants are signed at now, the node's, and `nonces` marking it signed; -32002 when the wallet
 * knows it is behind (its own Revoke all went past it: a node behind or wrong) or more than MAX_AHEAD past.
 */
export async function signingNonce(node: ChainNode, { account, chainId }: { account: Hex; chainId: Hex }, nonces: GrantNonces, batches: Batches): Promise<{ nonce: bigint; nonces: GrantNonces }> {
  const settled = await settledNonces(nonces, chainId, batches);
  const nonce = await currentNonce(node, frameworkFor(chainId), account);
  const reached = BigInt(settled.reached);
  if (nonce < reached) throw new RpcError(ErrorCode.resourceUnavailable, `The node says ${account}'s grant nonce is ${nonce}, but this wallet's Revoke all took it to ${reached} already: the node is behind or wrong; try again later, or another node`);
  if (nonce > reached + MAX_AHEAD) throw new RpcError(ErrorCode.resourceUnavailable, `The node says ${account}'s grant nonce is ${nonce}, more than ${MAX_AHEAD} past ${reached}, where this wallet knows it to be: each later Revoke all would pay for every step; check the node`);
  const signed = settled.signed === undefined ? nonce : maxOf([BigInt(settled.signed), nonce]);
  return { nonce, nonces: { ...settled, signed: signed.toString() } };
}

/** The nonce a grant carries (undefined without one). */
function carried(grant: GrantRecord, { enforcers }: Framework): bigint | undefined {
  const caveat = grant.delegation.caveats.find((c) => c.enforcer.toLowerCase() === enforcers.nonce.toLowerCase());
  return caveat && BigInt(caveat.terms);
}

/**
 * How many increments Revoke all makes: from no higher than the wallet knows (`reached`) or the node says, past the
 * highest nonce the wallet signed (its mark, or a grant kept from before marks were) and, at least one, past the node's.
 */
export function revokeAllNeeds(nonces: GrantNonces, grants: GrantRecord[], claimed: bigint, chainId: Hex): bigint {
  const framework = frameworkFor(chainId);
  const signed = maxOf([-1n, ...(nonces.signed === undefined ? [] : [BigInt(nonces.signed)]), ...grants.map((g) => carried(g, framework)).filter((n) => n !== undefined)]);
  const from = BigInt(nonces.reached) < claimed ? BigInt(nonces.reached) : claimed;
  return maxOf([signed + 1n - from, 1n]);
}

type Planning = Kept & { nodeFor(chainId: Hex): Promise<ChainNode> };

/**
 * How many increments the account's Revoke all needs now (revokeAllNeeds), with its nonces settled first; -32002 while
 * its last one is pending: kept only as the last sent, its increments would never be counted, every later Revoke all
 * paying them again (and, lost again, more) until grants were refused as too far ahead and Revoke all as too many.
 */
async function needsNow(services: Planning, node: ChainNode, { account, chainId, grants }: { account: Hex; chainId: Hex; grants: GrantRecord[] }): Promise<bigint> {
  const [nonces, claimed] = await Promise.all([
    updateNonces(services.grants.nonceStore, { account, chainId }, (current) => settledNonces(current, chainId, services.batches)),
    currentNonce(node, frameworkFor(chainId), account),
  ]);
  if (nonces.sent) throw new RpcError(ErrorCode.resourceUnavailable, `${account}'s last Revoke all on chain ${chainId} is not confirmed yet: wait for it (or speed it up in Activity), then Revoke all again`);
  return revokeAllNeeds(nonces, grants, claimed, chainId);
}

/** Revoke all's call for the account's `grants` on the chain (nonce.ts revokeAllCalls), with the nonces settled first. */
export async function revokeAllPlanned(services: Planning, asked: { account: Hex; chainId: Hex; grants: GrantRecord[] }): Promise<{ to: Hex; data: Hex }> {
  const node = await services.nodeFor(asked.chainId);
  return revokeAllCalls(node, { ...asked, increments: await needsNow(services, node, asked) });
}

/**
 * -32002 when the Revoke all `approval` sends no longer goes past every grant the wallet signed: one approved while it
 * waited (its screen was open first) at a nonce a node overstated would wake where it stops. Nothing is sent (its batch
 * is forgotten); planned again, it goes past.
 */
export async function revokeAllStillPast(services: Planning & { grants: Pick<Grants, 'list'>; batches: Pick<BatchStore, 'remove'> }, approval: { origin: string; details: { batchId: string } }): Promise<void> {
  // A record a content script rewrote (storage.local, on Firefox) is refused when sent anyway.
  const batch = await services.batches.own(approval.origin, approval.details.batchId);
  if (!batch || batch.calls.length !== 1) return;
  const { from: account, chainId } = batch;
  const asked = BigInt(await revokeAllIncrements(batch.calls[0], account, chainId));
  if (asked === 0n) return;
  const grants = (await services.grants.list()).filter((g) => g.from.toLowerCase() === account.toLowerCase() && BigInt(g.chainId) === BigInt(chainId));
  const needs = await needsNow(services, await services.nodeFor(chainId), { account, chainId, grants });
  if (asked >= needs) return;
  await services.batches.remove(approval.origin, batch.id);
  throw new RpcError(ErrorCode.resourceUnavailable, `A grant was signed for ${account} since this Revoke all was planned: raising the nonce by ${asked} no longer goes past it (it takes ${needs}); click Revoke all again`);
}
