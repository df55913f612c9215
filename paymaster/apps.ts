/**
 * Who is asking: the apps that may use the service, each with its API keys and its own policy (apps file, below), and
 * the default app that requests without a key get when the service has a policy of its own (the devnet's way).
 * Only keys' SHA-256 hashes are stored: a key is 32 random bytes, so a fast hash is enough to make a leaked apps file
 * useless for calling the service.
 *
 *   {"apps": {"my-dapp": {"keySha256": ["<64 hex>", …], "policy": {…policy file…} | "path/to/policy.json"}}}
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { loadPolicy, type Policy, type PolicyFile } from './policy';
import { RpcError } from './rpc';
import { isObject } from './userOp';

export interface App {
  name: string;
  policy: Policy;
}

export interface AppsFile {
  apps: Record<string, { keySha256: string[]; policy: PolicyFile | string }>;
}

/** The name requests without an API key are recorded under. */
export const DEFAULT_APP = 'default';

/** JSON-RPC code of a missing or unknown API key (HTTP 401). */
export const UNAUTHORIZED = -32001;

export interface Apps {
  /** The caller's app, or the refusal; touches nothing but memory. */
  resolve(apiKey: string | undefined): App | RpcError;
  list: App[];
}

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A new API key: give the key to the app, put its hash into the apps file. */
export function newApiKey(): { key: string; keySha256: string } {
  const key = `pmk_${randomBytes(32).toString('base64url')}`;
  return { key, keySha256: hashApiKey(key) };
}

export function loadApps(source: string | AppsFile | undefined, defaultPolicy: string | PolicyFile | undefined): Apps {
  const byHash = new Map<string, App>();
  const list: App[] = [];
  if (source !== undefined) {
    const file = typeof source === 'string' ? readAppsFile(source) : source;
    const where = typeof source === 'string' ? `apps file ${source}` : 'apps';
    const problem = appsProblem(file);
    if (problem) throw new Error(`Invalid ${where}: ${problem}`);
    for (const [name, entry] of Object.entries(file.apps)) {
      const policySource = typeof entry.policy === 'string' && typeof source === 'string' ? resolve(dirname(source), entry.policy) : entry.policy;
      const app = { name, policy: loadPolicy(policySource) };
      list.push(app);
      for (const hash of entry.keySha256) {
        if (byHash.has(hash.toLowerCase())) throw new Error(`Invalid ${where}: a key hash is listed twice (apps ${byHash.get(hash.toLowerCase())!.name} and ${name})`);
        byHash.set(hash.toLowerCase(), app);
      }
    }
  }
  const fallback = defaultPolicy === undefined ? undefined : { name: DEFAULT_APP, policy: loadPolicy(defaultPolicy) };
  if (fallback) list.push(fallback);
  return {
    list,
    resolve: (apiKey) => {
      if (apiKey === undefined) {
        return fallback ?? new RpcError(UNAUTHORIZED, 'Unauthorized: this service needs an API key (?apikey=… or Authorization: Bearer …)');
      }
      return byHash.get(hashApiKey(apiKey)) ?? new RpcError(UNAUTHORIZED, 'Unauthorized: unknown API key');
    },
  };
}

function readAppsFile(path: string): AppsFile {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as AppsFile;
  } catch (error) {
    throw new Error(`Cannot read the apps file ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function appsProblem(file: unknown): string | undefined {
  if (!isObject(file) || !isObject(file.apps)) return 'expected {"apps": {"<app name>": {"keySha256": [...], "policy": {...}}}}';
  for (const [name, entry] of Object.entries(file.apps)) {
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(name) || name === DEFAULT_APP) return `app name "${name}" must be 1-64 letters, digits, ".", "_" or "-", and not "${DEFAULT_APP}"`;
    if (!isObject(entry)) return `apps.${name} must be an object`;
    if (!Array.isArray(entry.keySha256) || !entry.keySha256.every((hash) => typeof hash === 'string' && /^[0-9a-fA-F]{64}$/.test(hash))) {
      return `apps.${name}.keySha256 must be an array of SHA-256 hashes (64 hex digits; npm run paymaster -- new-key makes a key and its hash)`;
    }
    if (typeof entry.policy !== 'string' && !isObject(entry.policy)) return `apps.${name}.policy must be a policy object or a policy file's path`;
  }
  return undefined;
}
