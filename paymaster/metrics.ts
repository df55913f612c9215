/**
 * GET /metrics in Prometheus' text format (prom-client): requests by method and outcome, their latency, and today's
 * budget use read from the store at each scrape, so every instance reports the shared totals.
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { App } from './apps';
import { METHOD_NAMES } from './methods';
import { ErrorCode, type RpcErrorObject } from './rpc';
import type { AppUsage } from './store/reservations';

export type Outcome = 'ok' | 'invalid' | 'refused' | 'limited' | 'unauthorized' | 'rate_limited' | 'too_large' | 'overloaded' | 'unavailable' | 'error';

export interface Metrics {
  /** The exposition text, with today's budget use read from the store now. */
  render(): Promise<string>;
  contentType: string;
  /** A JSON-RPC request answered: its method (the known ones, else "other") and outcome. */
  answered(method: string | undefined, error: RpcErrorObject | undefined, seconds: number): void;
  /** An HTTP request turned away before its JSON-RPC was read. */
  rejected(outcome: Outcome): void;
}

const INVALID: number[] = [ErrorCode.parseError, ErrorCode.invalidRequest, ErrorCode.methodNotFound, ErrorCode.invalidParams];

export function outcomeOf(error: RpcErrorObject | undefined): Outcome {
  if (!error) return 'ok';
  if (INVALID.includes(error.code)) return 'invalid';
  if (error.code === ErrorCode.notSponsored) return 'refused';
  if (error.code === ErrorCode.limitExceeded) return 'limited';
  if (error.code === ErrorCode.resourceUnavailable) return 'unavailable';
  return 'error';
}

export function createMetrics(apps: App[], globalDailyWei: bigint | undefined, todaysUsage: () => Promise<AppUsage[]>): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'paymaster_requests_total',
    help: 'JSON-RPC requests by method and outcome (ok, invalid, refused, limited, unavailable, error); HTTP-level rejections have method "http"',
    labelNames: ['method', 'outcome'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'paymaster_request_duration_seconds',
    help: 'Time to answer a JSON-RPC request, by method',
    labelNames: ['method'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const usedWei = new Gauge({ name: 'paymaster_budget_used_wei', help: "Wei reserved or spent today (UTC) by each app's sponsored userOps (their maximum cost)", labelNames: ['app'], registers: [registry] });
  const operations = new Gauge({ name: 'paymaster_sponsored_operations', help: 'UserOps sponsored today (UTC) by app', labelNames: ['app'], registers: [registry] });
  const globalWei = new Gauge({ name: 'paymaster_global_budget_used_wei', help: 'Wei reserved or spent today (UTC) by all apps', registers: [registry] });
  const appLimit = new Gauge({ name: 'paymaster_budget_limit_wei', help: "Each app's daily wei budget (dailyWeiPerApp)", labelNames: ['app'], registers: [registry] });
  for (const app of apps) if (app.policy.dailyWeiPerApp !== undefined) appLimit.set({ app: app.name }, Number(app.policy.dailyWeiPerApp));
  if (globalDailyWei !== undefined) {
    new Gauge({ name: 'paymaster_global_budget_limit_wei', help: 'The daily wei budget of all apps together', registers: [registry] }).set(Number(globalDailyWei));
  }
  return {
    render: async () => {
      usedWei.reset();
      operations.reset();
      globalWei.reset();
      // The store may be down: the request metrics are still worth a scrape (GET /health says what is down).
      for (const row of await todaysUsage().catch(() => [])) {
        if (row.app === '') globalWei.set(Number(row.wei));
        else {
          usedWei.set({ app: row.app }, Number(row.wei));
          operations.set({ app: row.app }, row.operations);
        }
      }
      return registry.metrics();
    },
    contentType: registry.contentType,
    answered: (method, error, seconds) => {
      const label = METHOD_NAMES.includes(method as never) ? method! : 'other';
      requests.inc({ method: label, outcome: outcomeOf(error) });
      latency.observe({ method: label }, seconds);
    },
    rejected: (outcome) => requests.inc({ method: 'http', outcome }),
  };
}
