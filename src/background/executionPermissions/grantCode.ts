/**
 * Execution permissions' code (ERC-7715): what a grant is checked, shown and signed with. It is in the worker's later
 * script (laterModules.ts): a site's request loads it, not every start. The handlers (../rpc/executionPermissions.ts,
 * ../pages/grants.ts) reach it through the services' `grantCode` (lazyGrantCode.ts); its parse, which a method does
 * without services, through ../rpc/lazyGrantRequests.ts.
 */

import type { GrantAdjustment, GrantDetails, GrantPermissionsDetails, SupportedExecutionPermissions } from '../../shared/grants';
import { BatchErrorCode, RpcError, invalidParams } from '../../shared/errors';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { PERMISSION_TYPES, RULE_TYPES, type PermissionRequest } from '../../shared/schemas/executionPermissions';
import { typedDataDigest, typedDataStructHash } from '../../shared/typedData/digest';
import type { ChainNode } from '../networks/rpcClient';
import { imitatedToken } from '../protection/knownTokens';
import { readToken } from '../tokens/read';
import { networkLabel } from '../tokens/watchList';
import { adjusted } from './adjust';
import { grantCaveats } from './caveats';
import { chainTime, startsOnChain } from './chainStart';
import { grantDangers } from './dangers';
import { ROOT_AUTHORITY, delegationTypedData, permissionContext, type Delegation } from './delegation';
import { frameworkOn } from './framework';
import { countedFacts } from './tokenFacts';
import type { GrantRecord } from './store';
import { plannedUpgrade, upgradeNeed, type UpgradePlanning } from './upgrade';

export { parseExecutionPermissionRequests } from '../../shared/schemas/executionPermissions';
export { grantOnChain, revokeCall } from './onChain';
export { revokeAllCall } from './nonce';
export { markedSent, markedSigning, revokeAllPlanned, revokeAllStillPast } from './nonceMarks';
export { grantActivity, grantsRevokedBy } from './activity';
export { grantsInForce, keptRevokes } from './revoked';
export { grantsWithShape } from './grantShape';
export { revokeNotSentMeanwhile, revokeNotWaiting, revokeReviewed } from './revokeWaiting';
export { revokeNotDone } from './revokeDone';
export { notKept, roomFor, withRoomFor } from './room';
export { upgradeFirst, upgradeSteps } from './upgradeSteps';

/** A network where the framework is and EIP-7702 runs: there, grants can be redeemed. */
const grantsRunOn = (network: Network): boolean => network.eip7702 && frameworkOn(Number(network.chainId)) !== undefined;

/** wallet_getSupportedExecutionPermissions: every type and rule, on the networks where grants run. */
export function supportedPermissions(networks: Network[]): SupportedExecutionPermissions {
  const supported = { chainIds: networks.filter(grantsRunOn).map((network) => network.chainId), ruleTypes: [...RULE_TYPES] };
  return Object.fromEntries(PERMISSION_TYPES.map((type) => [type, supported])) as SupportedExecutionPermissions;
}

export interface GrantContext {
  node: ChainNode;
  network: Network;
  account: Hex;
  /** The wallet's accounts: none may be a session account. */
  ownAccounts: Hex[];
  /** Seconds since the epoch. */
  now: number;
  /** Where the first grant's upgrade is planned, when the account needs one. */
  upgrades: UpgradePlanning;
}

/** One grant as its screen shows it: the token as its contract says (a well-known one's decimals as the wallet knows them), with the account's balance, and the dangers. */
async function grantDetails(request: PermissionRequest, { node, network, account, now }: GrantContext): Promise<GrantDetails> {
  const { permission } = request;
  const token = 'tokenAddress' in permission.data
    ? await readToken(node, permission.data.tokenAddress, account, 'permission.data.tokenAddress', networkLabel(network))
    : { token: { symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals }, balance: BigInt(await node<string>('eth_getBalance', [account, 'latest'])) };
  const imitates = 'address' in token.token ? imitatedToken(network.chainId, token.token) : undefined;
  const { facts, claimedDecimals } = countedFacts(network.chainId, token.token);
  return {
    to: request.to,
    permission,
    rules: request.rules,
    token: { ...facts, balance: token.balance.toString(), ...('address' in token.token ? { address: token.token.address } : {}), ...(imitates ? { imitates } : {}) },
    dangers: grantDangers(request, { now, token: facts, balance: token.balance, ...(imitates ? { imitates } : {}), ...(claimedDecimals === undefined ? {} : { claimedDecimals }) }),
  };
}

/**
 * Everything the screen shows, checked on the chain first: the network, the account's delegate, the tokens. An
 * account not on the DeleGator yet gets its upgrade planned (upgrade.ts), which the screen names with its fees.
 */
export async function grantScreen(requests: PermissionRequest[], context: GrantContext): Promise<GrantPermissionsDetails> {
  const { node, network, account, ownAccounts } = context;
  if (requests.some((r) => r.chainId !== network.chainId)) throw invalidParams('params ask for grants on more than one chain: ask for each chain in a request of its own');
  if (!grantsRunOn(network)) throw new RpcError(BatchErrorCode.unsupportedChain, `Execution permissions are not available on ${network.name}: it lacks EIP-7702 or the Delegation Framework`);
  const own = ownAccounts.map((a) => a.toLowerCase());
  const mine = requests.findIndex((r) => own.includes(r.to.toLowerCase()));
  if (mine >= 0) throw invalidParams(`params[${mine}].to is one of this wallet's accounts: a permission goes to another (session) account`);
  const head = await chainTime(node, context.now);
  const starting = requests.map((request) => startsOnChain(request, head, context.now));
  const [need, grants] = await Promise.all([upgradeNeed(node, account, BigInt(network.chainId)), Promise.all(starting.map((request) => grantDetails(request, context)))]);
  // Planned last: nothing is stored for a request refused above.
  const upgrade = need && (await plannedUpgrade(need, context, context.upgrades));
  return { account, chainId: network.chainId, networkName: network.name, grants, ...(upgrade ? { upgrade, symbol: network.nativeCurrency.symbol } : {}) };
}

/** Eight random bytes: two grants alike in every term still differ, and so do their hashes. */
const randomSalt = (): Hex => `0x${[...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

export interface Signing {
  origin: string;
  /** The account's signature of a digest. */
  sign(digest: Hex): Promise<Hex>;
  /** Seconds since the epoch: what the adjustments are checked at (a grant is dated when it is signed, after its upgrade). */
  now: number;
  /** The account's nonce at the NonceEnforcer the grants carry, as nonceMarks.ts signingNonce took and marked it. */
  nonce: bigint;
}

/** The approved screen with the user's adjustments applied; -32602 for one the wallet does not take. `now`: seconds. */
export function adjustedGrants(details: GrantPermissionsDetails, adjustments: GrantAdjustment[] | null, now: number): GrantPermissionsDetails {
  if (adjustments && adjustments.length !== details.grants.length) throw invalidParams(`The answer must list one adjustment for each of the ${details.grants.length} grants`);
  return { ...details, grants: details.grants.map((grant, i) => adjusted(grant, adjustments?.[i] ?? {}, now)) };
}

/** Each grant of the approved screen, with the user's adjustments, as a signed delegation to keep. */
export async function signedGrants(details: GrantPermissionsDetails, adjustments: GrantAdjustment[] | null, { origin, sign, now, nonce }: Signing): Promise<GrantRecord[]> {
  const { account, chainId } = details;
  const framework = frameworkOn(Number(chainId));
  if (!framework) throw new RpcError(BatchErrorCode.unsupportedChain, `Execution permissions are not available on chain ${chainId}`);
  const { grants } = adjustedGrants(details, adjustments, now);
  return Promise.all(grants.map(async ({ to, permission, rules, token }) => {
    const unsigned = { delegate: to, delegator: account, authority: ROOT_AUTHORITY, caveats: grantCaveats({ permission, rules }, framework, nonce), salt: randomSalt() };
    const typedData = delegationTypedData(unsigned, Number(chainId), framework.delegationManager);
    const delegation: Delegation = { ...unsigned, signature: await sign(typedDataDigest(typedData, 'V4')) };
    return {
      id: typedDataStructHash(typedData), origin, chainId, from: account, to, permission, rules, token: { symbol: token.symbol, decimals: token.decimals },
      delegation, delegationManager: framework.delegationManager, context: await permissionContext([delegation]), grantedAt: Date.now(),
    };
  }));
}
