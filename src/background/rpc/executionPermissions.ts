/**
 * Execution permissions (ERC-7715, in MetaMask's wire format, @metamask/7715-permission-types): what the wallet grants,
 * a site's request for a grant (one window, the grant in words), and the site's own grants. A grant is a delegation
 * from the user's account, which delegates (EIP-7702) to the Delegation Framework's DeleGator, to the session account,
 * bounded by caveats the DelegationManager enforces on chain (../executionPermissions/).
 */
import type { GrantAdjustment, GrantDetails, GrantPermissionsDetails } from '../../shared/approvals';
import { DELEGATOR_V08, isDelegatedTo } from '../../shared/contracts';
import { BatchErrorCode, RpcError, invalidParams } from '../../shared/errors';
import type { Network } from '../../shared/networks';
import { data, object, positional, type Hex } from '../../shared/params';
import { PERMISSION_TYPES, RULE_TYPES, parseExecutionPermissionRequests, type PermissionRequest } from '../../shared/schemas/executionPermissions';
import { parseSendTransaction } from '../../shared/schemas/sendTransaction';
import { adjusted, parseAdjustments } from '../executionPermissions/adjust';
import { grantCaveats } from '../executionPermissions/caveats';
import { revokeCall } from '../executionPermissions/onChain';
import { grantDangers } from '../executionPermissions/dangers';
import { ROOT_AUTHORITY, delegationTypedData, permissionContext, type Delegation } from '../executionPermissions/delegation';
import { frameworkOn } from '../executionPermissions/framework';
import type { GrantRecord } from '../executionPermissions/store';
import { currentNonce } from '../executionPermissions/nonce';
import { imitatedToken } from '../protection/knownTokens';
import { readToken } from '../tokens/read';
import { networkLabel } from '../tokens/watchList';
import type { Using } from '../services';
import type { PermissionResponse, SupportedExecutionPermissions } from './dappMethods';
import { transactionApproval, type TransactionUses } from './transactions';
import { type AccountContext, type DappTable, methodsUsing } from './types';

/** The services these methods use. */
type Uses = 'grants' | 'keyCode' | TransactionUses;
const method = methodsUsing<Uses>();

const responseOf = ({ chainId, from, to, permission, rules, context, delegationManager }: GrantRecord): PermissionResponse =>
  ({ chainId, from, to, permission, rules, context, dependencies: [], delegationManager });

/** A network of the wallet where the framework is and EIP-7702 runs: there, grants can be redeemed. */
const grantsRunOn = (network: Network): boolean => network.eip7702 && frameworkOn(Number(network.chainId)) !== undefined;

/** The account the requests grant from: the one they name (all the same), else the site's. */
function namedAccount(requests: PermissionRequest[]): Hex | undefined {
  const named = [...new Set(requests.map((r) => r.from?.toLowerCase()).filter((from) => from !== undefined))];
  if (named.length > 1) throw invalidParams('params name more than one granting account (from): ask for each account in a request of its own');
  return requests.find((r) => r.from)?.from;
}

async function grantOf(request: PermissionRequest, { services, account }: AccountContext<Using<Uses>>, network: Network): Promise<GrantDetails> {
  const node = await services.nodeFor(network.chainId);
  const now = Math.floor(Date.now() / 1000);
  const { permission } = request;
  const token = 'tokenAddress' in permission.data
    ? await readToken(node, permission.data.tokenAddress, account, 'permission.data.tokenAddress', networkLabel(network))
    : { token: { symbol: network.nativeCurrency.symbol, decimals: 18 }, balance: BigInt(await node<string>('eth_getBalance', [account, 'latest'])) };
  const imitates = 'address' in token.token ? imitatedToken(network.chainId, token.token) : undefined;
  const facts = { symbol: token.token.symbol, decimals: token.token.decimals };
  return {
    to: request.to,
    permission,
    rules: request.rules,
    token: { ...facts, balance: token.balance.toString(), ...('address' in token.token ? { address: token.token.address } : {}), ...(imitates ? { imitates } : {}) },
    dangers: grantDangers(request, { now, token: facts, balance: token.balance, ...(imitates ? { imitates } : {}) }),
  };
}

/** Everything the screen shows, checked on the chain first: the network, the account's delegate, the tokens. */
async function prepare(requests: PermissionRequest[], ctx: AccountContext<Using<Uses>>): Promise<GrantPermissionsDetails> {
  const { services, account } = ctx;
  const [{ chainId }] = requests;
  if (requests.some((r) => r.chainId !== chainId)) throw invalidParams('params ask for grants on more than one chain: ask for each chain in a request of its own');
  const network = await services.networks.find(chainId);
  if (!network) throw invalidParams(`chainId ${chainId} is not a network of this wallet: add it first (wallet_addEthereumChain)`);
  if (!grantsRunOn(network)) throw new RpcError(BatchErrorCode.unsupportedChain, `Execution permissions are not available on ${network.name}: it lacks EIP-7702 or the Delegation Framework`);
  const own = (await services.accounts.list()).map((a) => a.address.toLowerCase());
  const mine = requests.findIndex((r) => own.includes(r.to.toLowerCase()));
  if (mine >= 0) throw invalidParams(`params[${mine}].to is one of this wallet's accounts: a permission goes to another (session) account`);
  const node = await services.nodeFor(chainId);
  const code = await node<string>('eth_getCode', [account, 'latest']);
  // The first grant's upgrade (from Simple7702Account or a plain account) comes in a later step of issue 43.
  if (!isDelegatedTo(code, DELEGATOR_V08)) {
    throw new RpcError(BatchErrorCode.atomicityNotSupported, `${account} does not delegate to the Delegation Framework's DeleGator (${DELEGATOR_V08}) on ${network.name}: it cannot grant execution permissions yet`);
  }
  return { account, chainId, networkName: network.name, grants: await Promise.all(requests.map((request) => grantOf(request, ctx, network))) };
}

/** Eight random bytes: two grants alike in every term still differ, and so do their hashes. */
const randomSalt = (): Hex => `0x${[...crypto.getRandomValues(new Uint8Array(8))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;

/** Signs the delegation of each grant and keeps it; the site gets its permission contexts. */
async function grant({ origin, details }: { origin: string; details: GrantPermissionsDetails }, adjustments: GrantAdjustment[] | null, services: Using<Uses>): Promise<PermissionResponse[]> {
  const { account, chainId } = details;
  if (adjustments && adjustments.length !== details.grants.length) throw invalidParams(`The answer must list one adjustment for each of the ${details.grants.length} grants`);
  const now = Math.floor(Date.now() / 1000);
  const grants = details.grants.map((g, i) => adjusted(g, adjustments?.[i] ?? {}, now));
  const framework = frameworkOn(Number(chainId));
  if (!framework) throw new RpcError(BatchErrorCode.unsupportedChain, `Execution permissions are not available on chain ${chainId}`);
  const [node, signer] = await Promise.all([services.nodeFor(chainId), services.accounts.signer(account)]);
  const nonce = await currentNonce(node, framework, account);
  const responses: PermissionResponse[] = [];
  for (const { to, permission, rules, token } of grants) {
    const unsigned = { delegate: to, delegator: account, authority: ROOT_AUTHORITY, caveats: grantCaveats({ permission, rules }, framework, nonce), salt: randomSalt() };
    const typedData = delegationTypedData(unsigned, Number(chainId), framework.delegationManager);
    const digest = await services.keyCode.typedDataDigest(typedData, 'V4');
    const delegation: Delegation = { ...unsigned, signature: signer.signingKey.sign(digest).serialized as Hex };
    const record: GrantRecord = {
      id: await services.keyCode.typedDataStructHash(typedData), origin, chainId, from: account, to, permission, rules, token: { symbol: token.symbol, decimals: token.decimals },
      delegation, delegationManager: framework.delegationManager, context: await permissionContext([delegation]), grantedAt: Date.now(),
    };
    if (!(await services.grants.add(record))) throw new RpcError(BatchErrorCode.unsupportedChain, `${origin} holds as many grants as the wallet keeps for a site: revoke some in Permissions first`);
    responses.push(responseOf(record));
  }
  return responses;
}

export const executionPermissionMethods = {
  wallet_getSupportedExecutionPermissions: method({
    parse: () => undefined,
    auth: 'none',
    async handle(_params, { services }) {
      const chainIds = (await services.networks.all()).filter(grantsRunOn).map((network) => network.chainId);
      const supported = { chainIds, ruleTypes: [...RULE_TYPES] };
      return Object.fromEntries(PERMISSION_TYPES.map((type) => [type, supported])) as SupportedExecutionPermissions;
    },
  }),
  wallet_getGrantedExecutionPermissions: method({
    parse: () => undefined,
    auth: 'connected',
    handle: async (_params, { services, origin }) => (await services.grants.list(origin)).filter((g) => g.revokedAt === undefined).map(responseOf),
  }),
  wallet_requestExecutionPermissions: method({
    parse: (params) => parseExecutionPermissionRequests(params, Math.floor(Date.now() / 1000)),
    auth: 'account',
    account: namedAccount,
    approval: {
      type: 'grantPermissions',
      answer: parseAdjustments,
      prepare,
      approve: (record, adjustments, services) => grant(record, adjustments, services),
    },
  }),
  /**
   * The site revokes one of its grants: the account's disableDelegation call, reviewed as any transaction the site
   * asks (the same screen and answer as eth_sendTransaction); once sent, the grant is listed as revoked.
   */
  wallet_revokeExecutionPermission: method({
    parse(params) {
      const [request] = positional(params, 'wallet_revokeExecutionPermission', 1);
      return { permissionContext: data(object(request, 'params[0]').permissionContext, 'params[0].permissionContext') };
    },
    auth: 'connected',
    approval: {
      ...transactionApproval,
      async prepare({ permissionContext }, ctx) {
        const grant = (await ctx.services.grants.list(ctx.origin)).find((g) => g.context === permissionContext && g.revokedAt === undefined);
        if (!grant) throw invalidParams(`params[0].permissionContext is not a permission ${ctx.origin} holds`);
        const tx = parseSendTransaction([{ from: grant.from, value: '0x0', ...(await revokeCall(grant)) }]);
        return transactionApproval.prepare(tx, { ...ctx, account: grant.from });
      },
      async approve(record, feeTier, services) {
        // The grant whose disableDelegation the batch sends: the one the screen showed.
        const batch = await services.batches.get(record.origin, record.details.batchId);
        const grants = await services.grants.list(record.origin);
        // A record revokeCall refuses (planted or altered) matches nothing.
        const calls = await Promise.all(grants.map((g) => revokeCall(g).catch(() => undefined)));
        const revoked = grants.find((_, i) => calls[i]?.data === batch?.calls[0]?.data);
        await transactionApproval.approve(record, feeTier, services);
        if (revoked) await services.grants.markRevoked(revoked.id, Date.now());
        return {};
      },
    },
  }),
} satisfies DappTable;
