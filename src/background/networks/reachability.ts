/**
 * EIP-1193 connect/disconnect: pages hear `disconnect` when the selected node stops answering and
 * `connect` when it answers again.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ProviderEventName } from '../../shared/protocol';

/** How pages hear of it (transport/frames.ts `emit`). */
export type Emit = (origin: string, event: ProviderEventName, data: unknown) => Promise<void>;

export function trackReachability(emit: Emit) {
  let reachable = true;
  return async function observe<T>(chainId: Hex, call: Promise<T>): Promise<T> {
    try {
      const result = await call;
      if (!reachable) {
        reachable = true;
        await emit('*', 'connect', { chainId });
      }
      return result;
    } catch (error) {
      if (error instanceof RpcError && error.code === ErrorCode.chainDisconnected && reachable) {
        reachable = false;
        await emit('*', 'disconnect', error.toObject());
      }
      throw error;
    }
  };
}
