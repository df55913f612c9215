/** grantCode.ts evaluated on first use rather than at the worker's start: `load` brings in the script that holds it. */
import { loadedOnCall, type LoadedOnCall } from '../../shared/lazy';
import type * as Code from './grantCode';

export type GrantCode = LoadedOnCall<typeof Code>;

export function lazyGrantCode(load: () => Promise<typeof Code>): GrantCode {
  return loadedOnCall(load, ['parseExecutionPermissionRequests', 'supportedPermissions', 'grantScreen', 'adjustedGrants', 'signedGrants', 'grantOnChain', 'revokeCall', 'revokeAllCall', 'grantActivity', 'grantsWithShape', 'upgradeFirst', 'upgradeSteps']);
}
