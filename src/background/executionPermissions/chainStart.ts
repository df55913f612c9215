/**
 * When a grant that starts "now" starts. The enforcers compare its start with the block's timestamp, and a chain's
 * head is behind the wallet's clock (up to a block time: 12 s on Ethereum): a session key redeeming at once would be
 * told "transfer-not-started". Such a grant starts at the head's time instead, never more than the slack a site's own
 * start gets (a head older than that is a stale node's, whose time the wallet does not take).
 */

import { START_TIME_SLACK_SECONDS, type PermissionRequest } from '../../shared/schemas/executionPermissions';
import type { ChainNode } from '../networks/rpcClient';

/** The latest block's timestamp in seconds; `now` from a node that has none. */
export async function chainTime(node: ChainNode, now: number): Promise<number> {
  const latest = await node<{ timestamp: string } | null>('eth_getBlockByNumber', ['latest', false]);
  return latest ? Number(BigInt(latest.timestamp)) : now;
}

/** `request` with a start at or before `now` (seconds) moved back to `chainNow` when the chain is behind. */
export function startsOnChain(request: PermissionRequest, chainNow: number, now: number): PermissionRequest {
  const { startTime } = request.permission.data;
  const start = Math.max(chainNow, now - START_TIME_SLACK_SECONDS);
  if (startTime > now || start >= startTime) return request;
  return { ...request, permission: { ...request.permission, data: { ...request.permission.data, startTime: start } } as PermissionRequest['permission'] };
}
