/**
 * A paymaster service instance in a process of its own (`npm run paymaster`, main.ts), as a deployment runs it: so
 * that several instances use several cores, and one can be killed (SIGKILL) in the middle of its work.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { supervise } from '../../devnet/child';
import type { PolicyFile } from '../policy';
import { freePort } from './freePort';

export interface InstanceOptions {
  rpcUrl: string;
  signerKey: string;
  paymaster: string;
  policy: PolicyFile;
  /** Postgres; else the embedded store in dataDir. */
  databaseUrl?: string;
  dataDir?: string;
  globalDailyWei?: bigint;
  reconcileSeconds?: number;
}

export interface Instance {
  /** http://127.0.0.1:<port>/rpc */
  url: string;
  /** SIGKILL: no request in flight is finished, nothing is closed. */
  kill(): Promise<void>;
  /** SIGTERM: the service's own graceful stop. */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;

export async function startInstance(options: InstanceOptions): Promise<Instance> {
  const port = await freePort();
  // --policy takes a file's path.
  const dir = mkdtempSync(join(tmpdir(), 'paymaster-instance-'));
  const policy = join(dir, 'policy.json');
  writeFileSync(policy, JSON.stringify(options.policy));
  const removePolicy = () => rmSync(dir, { recursive: true, force: true });
  const flags = [
    '--rpc-url', options.rpcUrl, '--signer-key', options.signerKey, '--paymaster', options.paymaster,
    '--policy', policy, '--port', String(port), '--log-level', 'warn',
    '--rate-limit-ip', '0', '--rate-limit-key', '0', '--reconcile-seconds', String(options.reconcileSeconds ?? 0),
    ...(options.databaseUrl ? ['--database-url', options.databaseUrl] : ['--data-dir', options.dataDir!]),
    ...(options.globalDailyWei === undefined ? [] : ['--global-daily-wei', options.globalDailyWei.toString()]),
  ];
  const child = spawn(process.execPath, ['--import', 'tsx', new URL('../main.ts', import.meta.url).pathname, ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
  const supervised = supervise(child);
  const url = `http://127.0.0.1:${port}/rpc`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (supervised.hasExited()) removePolicy();
    if (supervised.hasExited()) throw new Error(`The paymaster instance exited before it was ready:\n${supervised.output()}`);
    if (await fetch(url.replace('/rpc', '/health')).then((reply) => reply.ok, () => false)) break;
    if (Date.now() > deadline) {
      await supervised.stop();
      removePolicy();
      throw new Error(`The paymaster instance did not answer GET /health within ${READY_TIMEOUT_MS / 1000} s:\n${supervised.output()}`);
    }
    await delay(100);
  }
  return {
    url,
    kill: async () => {
      child.kill('SIGKILL');
      await supervised.stop();
      removePolicy();
    },
    stop: async () => {
      await supervised.stop();
      removePolicy();
    },
  };
}
