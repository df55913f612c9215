/**
 * The service's settings, from flags or environment variables (flags win); README.md "Running it for real" lists them.
 * Programs that start the service in-process (the devnet, tests) pass PaymasterServiceOptions directly.
 */
import { parseArgs } from 'node:util';
import { ENTRY_POINT_V08 } from '../src/shared/contracts';
import type { AppsFile } from './apps';
import type { PolicyFile } from './policy';
import type { StoreOptions } from './store/database';

export interface PaymasterServiceOptions {
  rpcUrl: string;
  /** Must be the verifyingSigner the paymaster contract was deployed with. */
  signerKey: string;
  paymaster: string;
  /** The policy of requests without an API key (a file's path, or its content); without it every request needs a key. */
  policy?: string | PolicyFile;
  /** The apps, their hashed API keys and policies (a file's path, or its content). */
  apps?: string | AppsFile;
  /** Where sponsorships are recorded: Postgres (databaseUrl), else the embedded store in dataDir, else in memory. */
  store?: StoreOptions;
  /** The most wei all sponsored userOps together may cost per UTC day. */
  globalDailyWei?: bigint;
  /** Larger request bodies get 413. Default 1,000,000. */
  maxBodyBytes?: number;
  /** Requests per second per client address and per API key; 0 or absent: no limit (the command line's defaults: 50 and 200). */
  rateLimitPerIp?: number;
  rateLimitPerKey?: number;
  /**
   * The most JSON-RPC requests (POST /rpc) one instance answers at once; more get HTTP 503 with Retry-After, so a slow
   * store or node does not pile up work. Default 200.
   */
  maxConcurrentRequests?: number;
  /** Take the client's address from X-Forwarded-For (only behind a proxy that sets it). */
  trustProxy?: boolean;
  /**
   * Answer Chrome's Private Network Access preflight (Access-Control-Allow-Private-Network: true), which lets public web
   * pages call this service on the user's own network; off by default, for a service on a developer's machine.
   */
  allowPrivateNetwork?: boolean;
  /** GET /metrics, and /health's details, need `Authorization: Bearer <metricsToken>`; without it /metrics is off. */
  metricsToken?: string;
  /** How often the reconciler settles reservations against the chain; 0: only when reconcile() is called. Default 30 s. */
  reconcileIntervalMs?: number;
  port?: number;
  host?: string;
  entryPoint?: string;
  /** Receives the structured log, one JSON object per line; silent when absent. */
  log?: (line: string) => void;
  logLevel?: string;
  /** The clock that decides which UTC day a sponsorship is charged to. */
  now?: () => Date;
}

type Unset = 'policy' | 'apps' | 'globalDailyWei' | 'log' | 'metricsToken';
export type PaymasterConfig = Required<Omit<PaymasterServiceOptions, Unset>> & Pick<PaymasterServiceOptions, Unset>;

export const DEFAULT_PORT = 3000;
export const DEFAULT_HOST = '127.0.0.1';

export function withDefaults(options: PaymasterServiceOptions): PaymasterConfig {
  if (options.policy === undefined && options.apps === undefined) throw new Error('The service needs a policy (for requests without an API key), an apps file, or both');
  return {
    ...options,
    store: options.store ?? {},
    maxBodyBytes: options.maxBodyBytes ?? 1_000_000,
    rateLimitPerIp: options.rateLimitPerIp ?? 0,
    rateLimitPerKey: options.rateLimitPerKey ?? 0,
    maxConcurrentRequests: options.maxConcurrentRequests ?? 200,
    trustProxy: options.trustProxy ?? false,
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    reconcileIntervalMs: options.reconcileIntervalMs ?? 30_000,
    port: options.port ?? DEFAULT_PORT,
    host: options.host ?? DEFAULT_HOST,
    entryPoint: options.entryPoint ?? ENTRY_POINT_V08,
    logLevel: options.logLevel ?? 'info',
    now: options.now ?? (() => new Date()),
  };
}

const FLAGS = {
  'rpc-url': 'PAYMASTER_RPC_URL',
  'signer-key': 'PAYMASTER_SIGNER_KEY',
  paymaster: 'PAYMASTER_ADDRESS',
  policy: 'PAYMASTER_POLICY',
  apps: 'PAYMASTER_APPS',
  'database-url': 'DATABASE_URL',
  'data-dir': 'PAYMASTER_DATA_DIR',
  'global-daily-wei': 'PAYMASTER_GLOBAL_DAILY_WEI',
  'max-body': 'PAYMASTER_MAX_BODY',
  'rate-limit-ip': 'PAYMASTER_RATE_LIMIT_IP',
  'rate-limit-key': 'PAYMASTER_RATE_LIMIT_KEY',
  'max-concurrent': 'PAYMASTER_MAX_CONCURRENT',
  'trust-proxy': 'PAYMASTER_TRUST_PROXY',
  'allow-private-network': 'PAYMASTER_ALLOW_PRIVATE_NETWORK',
  'metrics-token': 'PAYMASTER_METRICS_TOKEN',
  'reconcile-seconds': 'PAYMASTER_RECONCILE_SECONDS',
  port: 'PAYMASTER_PORT',
  host: 'PAYMASTER_HOST',
  'entry-point': 'PAYMASTER_ENTRY_POINT',
  'log-level': 'PAYMASTER_LOG_LEVEL',
} as const;
type Flag = keyof typeof FLAGS;
const REQUIRED = ['rpc-url', 'signer-key', 'paymaster'] as const;
/** Flags without a value; their environment variables are on when 1, true or yes. */
const SWITCHES = ['trust-proxy', 'allow-private-network'] as const;
/** Without --database-url, the embedded store keeps its data here (relative to the working directory). */
export const DEFAULT_DATA_DIR = 'paymaster-data';

export function configFromCommandLine(argv: string[], env: NodeJS.ProcessEnv): PaymasterConfig {
  const options = Object.fromEntries(Object.keys(FLAGS).map((flag) => [flag, { type: SWITCHES.includes(flag as never) ? 'boolean' : 'string' } as const]));
  const { values } = parseArgs({ args: argv, options });
  const value = (flag: Flag): string | undefined => (values[flag] as string | undefined) ?? env[FLAGS[flag]];
  const on = (flag: (typeof SWITCHES)[number]) => values[flag] === true || /^(1|true|yes)$/i.test(env[FLAGS[flag]] ?? '');
  const missing: string[] = REQUIRED.filter((flag) => value(flag) === undefined).map((flag) => `--${flag} (or ${FLAGS[flag]})`);
  if (value('policy') === undefined && value('apps') === undefined) missing.push('--policy (or PAYMASTER_POLICY) and/or --apps (or PAYMASTER_APPS)');
  if (missing.length > 0) throw new Error(`Missing settings: ${missing.join(', ')}`);
  const number = (flag: Flag, pattern: RegExp, what: string): number | undefined => {
    const text = value(flag);
    if (text !== undefined && !pattern.test(text)) throw new Error(`--${flag} must be ${what}, got ${text}`);
    return text === undefined ? undefined : Number(text);
  };
  const globalDailyWei = value('global-daily-wei');
  if (globalDailyWei !== undefined && !/^\d{1,78}$/.test(globalDailyWei)) throw new Error(`--global-daily-wei must be a decimal number of wei, got ${globalDailyWei}`);
  const reconcileSeconds = number('reconcile-seconds', /^\d+$/, 'a number of seconds');
  const databaseUrl = value('database-url');
  return withDefaults({
    rpcUrl: value('rpc-url')!,
    signerKey: value('signer-key')!,
    paymaster: value('paymaster')!,
    policy: value('policy'),
    apps: value('apps'),
    store: databaseUrl ? { databaseUrl } : { dataDir: value('data-dir') ?? DEFAULT_DATA_DIR },
    globalDailyWei: globalDailyWei === undefined ? undefined : BigInt(globalDailyWei),
    maxBodyBytes: number('max-body', /^\d+$/, 'a number of bytes'),
    rateLimitPerIp: number('rate-limit-ip', /^\d+$/, 'requests per second (0: no limit)') ?? 50,
    rateLimitPerKey: number('rate-limit-key', /^\d+$/, 'requests per second (0: no limit)') ?? 200,
    maxConcurrentRequests: number('max-concurrent', /^[1-9]\d*$/, 'a positive number of requests'),
    trustProxy: on('trust-proxy'),
    allowPrivateNetwork: on('allow-private-network'),
    metricsToken: value('metrics-token'),
    reconcileIntervalMs: reconcileSeconds === undefined ? undefined : reconcileSeconds * 1000,
    port: number('port', /^\d{1,5}$/, 'a port number'),
    host: value('host'),
    entryPoint: value('entry-point'),
    logLevel: value('log-level'),
    log: (line) => process.stdout.write(`${line}\n`),
  });
}
