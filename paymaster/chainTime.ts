/**
 * The chain's time (the latest block's timestamp), which signature windows are counted in. Read from the node at most
 * once per `maxAgeMs`, and requests arriving while a read is under way share it: under load, one node call serves
 * many signatures instead of one each. A time up to maxAgeMs old only starts a window that much earlier.
 */
import type { JsonRpcProvider } from 'ethers';

export type ChainTime = () => Promise<number>;

export function chainTime(provider: JsonRpcProvider, maxAgeMs: number): ChainTime {
  let last: { at: number; time: Promise<number> } | undefined;
  return () => {
    const now = performance.now();
    if (last && now - last.at <= maxAgeMs) return last.time;
    // The raw block, not ethers' Block: its formatting of every field costs more than the call.
    const time = provider.send('eth_getBlockByNumber', ['latest', false]).then((block: { timestamp?: string } | null) => {
      if (!block?.timestamp) throw new Error('the node returned no latest block');
      return Number(block.timestamp);
    });
    const read = { at: now, time };
    last = read;
    // A failed read is not kept: the next request asks the node again.
    time.catch(() => {
      if (last === read) last = undefined;
    });
    return time;
  };
}
