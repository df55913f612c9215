/** For the pipeline's unit tests: the services a site connected with one account meets, with `extra` for the method's own. */
import type { Hex } from '../../shared/params';
import { requestBudget } from '../budget/requestBudget';
import { PERMISSIONS_DEFAULTS, createPermissions } from '../permissions/permissions';
import { hostListsOf } from '../protection/phishingList';
import { shippedLists } from '../protection/testing';
import { TRUSTED_SITES_DEFAULTS, createTrustedSites } from '../protection/trustedSites';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { runRequest } from './pipeline';

/** `asked` lists the approval types requested (no window opens); the phishing lists list nothing. */
export async function connectedSite(site: string, account: Hex, extra: Record<string, unknown>): Promise<{ services: Services; asked: string[] }> {
  const local = typedStorage(memoryBackend(), { ...PERMISSIONS_DEFAULTS, ...TRUSTED_SITES_DEFAULTS });
  const permissions = createPermissions(local);
  await permissions.grant(site, [account]);
  const asked: string[] = [];
  const services = {
    permissions,
    trustedSites: createTrustedSites(local),
    phishingUpdates: { lists: async () => shippedLists(hostListsOf({ blacklist: [], whitelist: [] })) },
    accounts: { selected: async () => account, list: async () => [{ address: account }], ledgerPath: async () => undefined },
    vault: { isUnlocked: async () => true },
    approvals: {
      earlier: async () => undefined,
      pending: async () => [],
      request: async (type: string) => (asked.push(type), { id: 'queued' }),
      plans: { begin: () => ({ stillAsked: async () => undefined, end: async () => undefined }) },
    },
    requestBudget: requestBudget({ capacity: 100, perSecond: 1 }, () => 0),
    ...extra,
  } as unknown as Services;
  return { services, asked };
}

/** `connectedSite`, with `send`: a request of `site` run through the pipeline, from its tab's top frame. */
export async function siteRequests(site: string, account: Hex, extra: Record<string, unknown>) {
  const { services, asked } = await connectedSite(site, account, extra);
  const send = (method: string, params: unknown) => runRequest({ method, params }, { origin: site, method, replyTo: { tabId: 1, frameId: 0, origin: site, requestId: '1' }, services });
  return { send, asked };
}
