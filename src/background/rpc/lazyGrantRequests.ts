/**
 * A site's execution-permission requests, parsed by the grant code (../executionPermissions/grantCode.ts) in the
 * worker's later script. A facade of its own, beside the handlers, because a method's `parse` is handed no services.
 */
import type { PermissionRequest } from '../../shared/schemas/executionPermissions';
import { loadLater } from '../loadLater';

/** The requests, or -32602 saying what is wrong; `now` in seconds, against which their expiries are checked. */
export async function parseGrantRequests(params: unknown, now: number): Promise<PermissionRequest[]> {
  return (await loadLater()).parseExecutionPermissionRequests(params, now);
}
