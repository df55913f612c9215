/** grantCode.ts evaluated on first use rather than at the worker's start: `load` brings in the script that holds it. */
import { loadedOnCall, type LoadedOnCall } from '../../shared/lazy';
import type * as Code from './grantCode';

/** What the services reach; the requests' parse has a facade of its own (../rpc/lazyGrantRequests.ts). */
const REACHED = ['supportedPermissions', 'grantScreen', 'adjustedGrants', 'signedGrants', 'grantOnChain', 'revokeCall', 'grantActivity', 'grantsRevokedBy', 'grantsInForce', 'keptRevokes', 'grantsWithShape', 'notKept', 'revokeNotDone', 'revokeNotSentMeanwhile', 'revokeNotWaiting', 'revokeReviewed', 'roomFor', 'upgradeFirst', 'upgradeSteps', 'markedSent', 'markedSigning', 'revokeAllPlanned', 'revokeAllStillPast', 'withRoomFor'] as const;

export type GrantCode = LoadedOnCall<Pick<typeof Code, (typeof REACHED)[number]>>;

export function lazyGrantCode(load: () => Promise<typeof Code>): GrantCode {
  return loadedOnCall(load, REACHED);
}
