/**
 * Execution permissions (ERC-7715, in MetaMask's wire format, @metamask/7715-permission-types): what the wallet grants,
 * a site's request for a grant (one window, the grant in words) and the site's own grants (grantRevokes.ts revokes
 * them). A grant is a delegation from the user's account, which delegates (EIP-7702) to the Delegation Framework's
 * DeleGator, to the session account, bounded by caveats the DelegationManager enforces on chain. An account not on the
 * DeleGator yet is upgraded first, on Grant (../executionPermissions/upgrade.ts). The code that checks, shows and signs
 * them is in the worker's later script (../executionPermissions/grantCode.ts), reached through `services.grantCode`. */
import type { GrantPermissionsDetails, PermissionResponse } from '../../shared/grants';
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { PermissionRequest } from '../../shared/schemas/executionPermissions';
import type { BatchDeps } from '../batches/executors/executor';
import { followBatch } from '../batches/follow';
import { sendBatch } from '../batches/run';
import { parseAdjustments } from '../executionPermissions/adjust';
import type { GrantRecord } from '../executionPermissions/store';
import { siteOf } from '../sites/siteOf';
import type { Using } from '../services';
import { parseGrantRequests } from './lazyGrantRequests';
import type { TransactionUses } from './transactions';
import { type DappTable, methodsUsing } from './types';

/** The services these methods use. */
type Uses = 'approvals' | 'grants' | 'grantCode' | TransactionUses;
const method = methodsUsing<Uses>();

const responseOf = ({ chainId, from, to, permission, rules, context, delegationManager }: GrantRecord): PermissionResponse =>
  ({ chainId, from, to, permission, rules, context, dependencies: [], delegationManager });

/** The account the requests grant from: the one they name (all the same), else the site's. */
function namedAccount(requests: PermissionRequest[]): Hex | undefined {
  const named = [...new Set(requests.map((r) => r.from?.toLowerCase()).filter((from) => from !== undefined))];
  if (named.length > 1) throw invalidParams('params name more than one granting account (from): ask for each account in a request of its own');
  return requests.find((r) => r.from)?.from;
}

/**
 * Settles once a sent upgrade step is decided in a sealed block, or no longer followed: the grant waits for that, not
 * for finality (five blocks deep, a minute on a 12 s chain); following goes on to final for Activity.
 */
const decided = (deps: BatchDeps, origin: string, id: string): Promise<void> =>
  new Promise((settled) => void followBatch(deps, origin, id, settled).finally(settled));

/** Drops the upgrade's steps planned with the window (stored batches, unsent): the grant was declined or refused. */
async function dropPlanned(details: GrantPermissionsDetails, origin: string, services: Using<'grantCode' | 'batches'>): Promise<void> {
  for (const id of await services.grantCode.upgradeSteps(details)) await services.batches.remove(origin, id);
}

/** -32602 unless `wanted` more grants of `origin` fit beside the grants in force (../executionPermissions/room.ts). */
const roomFor = (services: Using<'grants' | 'grantCode' | 'batches'>, origin: string, wanted: number): Promise<void> =>
  services.grantCode.roomFor(services, origin, wanted, siteOf);

export const executionPermissionMethods = {
  wallet_getSupportedExecutionPermissions: method({
    parse: () => undefined,
    auth: 'none',
    handle: async (_params, { services }) => services.grantCode.supportedPermissions(await services.networks.all()),
  }),
  wallet_getGrantedExecutionPermissions: method({
    parse: () => undefined,
    auth: 'connected',
    // In force as Permissions counts them (../executionPermissions/revoked.ts): a grant whose revoke failed is the site's still.
    handle: async (_params, { services, origin }) => (await services.grantCode.grantsInForce(services, origin)).map(responseOf),
  }),
  wallet_requestExecutionPermissions: method({
    parse: (params) => parseGrantRequests(params, Math.floor(Date.now() / 1000)),
    auth: 'account',
    account: namedAccount,
    approval: {
      type: 'grantPermissions',
      answer: parseAdjustments,
      async prepare(requests, { services, account, origin }) {
        // Before the window: past its share or the wallet's, the upgrade would be paid and the grants signed, then refused.
        await roomFor(services, origin, requests.length);
        // The Ledger app signs authorizations only to the delegates it lists, and the DeleGator is not one.
        if (await services.accounts.ledgerPath(account)) throw new RpcError(ErrorCode.unsupportedMethod, `${account} is a Ledger account: its app does not sign the upgrade that execution permissions need`);
        const network = await services.networks.find(requests[0].chainId);
        if (!network) throw invalidParams(`chainId ${requests[0].chainId} is not a network of this wallet: add it first (wallet_addEthereumChain)`);
        const [node, accounts] = await Promise.all([services.nodeFor(network.chainId), services.accounts.list()]);
        return services.grantCode.grantScreen(requests, { node, network, account, ownAccounts: accounts.map((a) => a.address), now: Math.floor(Date.now() / 1000), upgrades: { origin, batches: services.batches } });
      },
      /** Upgrades the account where planned, then signs the delegation of each grant and keeps it; the site gets its permission contexts. */
      async approve({ origin, details }, adjustments, services) {
        const now = Math.floor(Date.now() / 1000);
        // Before the upgrade is sent: refused after it, the user would have paid for an upgrade and got no grant. Refused
        // before it, its planned steps are dropped here (once upgradeFirst runs, it drops those it leaves unsent).
        const ready = async () => {
          // Again: other sites' grants may have taken the room while the window was open.
          await roomFor(services, origin, details.grants.length);
          const [granted, node, signer] = await Promise.all([
            services.grantCode.adjustedGrants(details, adjustments, now), services.nodeFor(details.chainId), services.accounts.signer(details.account),
          ]);
          // Marked before any grant carries it: Revoke all goes past it, whatever the node said (nonceMarks.ts).
          return [granted, node, signer, await services.grantCode.markedSigning(node, details, services)] as const;
        };
        const [granted, node, signer, nonce] = await ready().catch(async (error: unknown) => {
          await dropPlanned(details, origin, services);
          throw error;
        });
        // Through the batches' path, which is this script's: the nonce lock, the screen's fee caps, Activity. A step's
        // record altered in storage reads as none: never taken as landed, nor as unsigned (sendBatch refuses it).
        await services.grantCode.upgradeFirst(details, {
          node, settle: (id) => sendBatch(services, origin, id).then(() => decided(services, origin, id)), batch: (id) => services.batches.own(origin, id),
          discard: (id) => services.batches.remove(origin, id),
        });
        const sign = async (digest: Hex) => signer.signingKey.sign(digest).serialized as Hex;
        const records = await services.grantCode.signedGrants(granted, null, { origin, sign, now, nonce });
        // All or none: a grant kept while the site is told of none would still reach it (wallet_getGrantedExecutionPermissions).
        if (!(await services.grants.add(...records))) await services.grantCode.notKept(services, origin, records.length, siteOf);
        return records.map(responseOf);
      },
      release: dropPlanned,
    },
  }),
} satisfies DappTable;
