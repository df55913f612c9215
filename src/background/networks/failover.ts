/**
 * A network's endpoints, tried in the user's order: public nodes go down, limit requests (HTTP 429, -32005), sit
 * behind load balancers whose backends lag ("header not found") and lack methods. An endpoint that is down or limits
 * the wallet is left alone for a while (its Retry-After, else a back-off that doubles up to a minute) and the request
 * goes to the next one; one that lacks the method or the block is passed over for this request only. Only a real
 * answer (a result, or an error about the request itself: a revert, "nonce too low") ends the search.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import { JsonRpcTransportError } from '../../shared/jsonRpc';

const FIRST_BACK_OFF_MS = 1000;
const MAX_BACK_OFF_MS = 60_000;

/** What a failed attempt says about its endpoint. */
type Verdict = 'back-off' | 'next' | 'answer';

const LIMITED = /limit exceeded|rate limit|too many requests|capacity exceeded/i;
const LACKS_METHOD = /method not found|does not exist|is not available|not supported|unsupported method/i;
const BEHIND = /header not found|unknown block|block not found|missing trie node/i;

export function verdictOn(error: unknown): Verdict {
  if (error instanceof JsonRpcTransportError) return 'back-off';
  if (!(error instanceof RpcError)) return 'answer';
  if (error.code === ErrorCode.limitExceeded || LIMITED.test(error.message)) return 'back-off';
  if (error.code === -32601 || LACKS_METHOD.test(error.message) || BEHIND.test(error.message)) return 'next';
  return 'answer';
}

const retryAfter = (error: unknown): number | undefined => (error instanceof JsonRpcTransportError ? error.retryAfterMs : undefined);

export interface Failover {
  /** `attempt` on each endpoint in turn until one answers; the last failure when none does. */
  call<T>(urls: readonly string[], attempt: (url: string) => Promise<T>): Promise<T>;
  /** When `url` may be asked again (0: now). */
  availableAt(url: string): number;
  /** The endpoint the next request goes to first. */
  inUse(urls: readonly string[]): string;
}

export function createFailover(now: () => number = Date.now): Failover {
  const backOffs = new Map<string, { until: number; failures: number }>();
  const availableAt = (url: string): number => backOffs.get(url)?.until ?? 0;
  const backOff = (url: string, asked: number | undefined): void => {
    const failures = (backOffs.get(url)?.failures ?? 0) + 1;
    const ms = asked ?? Math.min(MAX_BACK_OFF_MS, FIRST_BACK_OFF_MS * 2 ** (failures - 1));
    backOffs.set(url, { until: now() + ms, failures });
  };
  // Endpoints free now in the user's order, then those backing off, the soonest free first: when all are, the
  // request still goes somewhere rather than failing unasked.
  const inTurn = (urls: readonly string[]): { url: string; free: boolean }[] => {
    // Nothing backing off (the usual case): the user's order as it is, without asking the clock.
    if (backOffs.size === 0) return urls.map((url) => ({ url, free: true }));
    const at = now();
    const free = urls.filter((u) => availableAt(u) <= at);
    const waiting = urls.filter((u) => availableAt(u) > at).sort((a, b) => availableAt(a) - availableAt(b));
    return [...free.map((url) => ({ url, free: true })), ...waiting.map((url) => ({ url, free: false }))];
  };

  return {
    availableAt,
    inUse: (urls) => inTurn(urls)[0]?.url ?? '',
    async call(urls, attempt) {
      // Made only when no endpoint was asked: an Error captures the stack, which every read would pay for.
      let failure: unknown;
      // An endpoint that answered without the method or the block says more than one that did not answer at all.
      let passedOver: unknown;
      for (const { url, free } of inTurn(urls)) {
        // Those backing off are asked only when no endpoint could be reached.
        if (!free && passedOver !== undefined) break;
        try {
          const result = await attempt(url);
          backOffs.delete(url);
          return result;
        } catch (error) {
          const verdict = verdictOn(error);
          if (verdict === 'answer') throw error;
          if (verdict === 'back-off') backOff(url, retryAfter(error));
          else passedOver = error;
          failure = error;
        }
      }
      throw passedOver ?? failure ?? new Error('no endpoint to ask');
    },
  };
}
