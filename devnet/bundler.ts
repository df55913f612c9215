/**
 * Runs Alto (npm @pimlico/alto), Pimlico's ERC-4337 bundler, as a child process against the devnet's anvil, serving
 * the v0.8 EntryPoint (EIP-7702 userOps with `eip7702Auth` included) at http://127.0.0.1:<port>/rpc.
 */
import { spawn } from 'node:child_process';
import { supervise } from './child';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { BLOCK_TIME_SECONDS, BUNDLER_EXECUTOR, BUNDLER_UTILITY, DEFAULT_BUNDLER_PORT, ENTRY_POINT_ADDRESS } from './constants';
import { jsonRpc } from '../src/shared/jsonRpc';
import { HOST, assertPortFree } from './ports';

export interface Bundler {
  /** JSON-RPC endpoint: eth_sendUserOperation, eth_estimateUserOperationGas, eth_getUserOperationReceipt, … */
  url: string;
  /** Terminates Alto and resolves once the process has exited. */
  stop(): Promise<void>;
}

export interface BundlerOptions {
  rpcUrl: string;
  port?: number;
  /** Alto's log lines go to this process's stderr when set (also with DEVNET_BUNDLER_LOG=debug|info|…). */
  logLevel?: 'trace' | 'debug' | 'info' | 'warn' | 'error';
}

const READY_TIMEOUT_MS = 60_000;
const POLL_INTERVAL_MS = 100;

export async function startBundler({ rpcUrl, port = DEFAULT_BUNDLER_PORT, logLevel }: BundlerOptions): Promise<Bundler> {
  await assertPortFree(port, 'the bundler (Alto)');
  const level = logLevel ?? (process.env.DEVNET_BUNDLER_LOG as BundlerOptions['logLevel']) ?? 'warn';
  const args = [
    altoCli(),
    '--entrypoints', ENTRY_POINT_ADDRESS,
    '--rpc-url', rpcUrl,
    '--port', String(port),
    '--executor-private-keys', BUNDLER_EXECUTOR.privateKey,
    '--utility-private-key', BUNDLER_UTILITY.privateKey,
    // Alto deploys its simulation contracts (gas estimation, validation) with the utility key through the CREATE2
    // deployer anvil predeploys; their addresses follow from that key, so they are the same on every devnet.
    '--deploy-simulations-contract', 'true',
    // Safe mode traces validation with debug_traceCall's JavaScript tracer, which anvil does not implement.
    '--safe-mode', 'false',
    '--block-time', String(BLOCK_TIME_SECONDS * 1000),
    '--min-bundle-interval', '50',
    '--max-bundle-interval', '200',
    // Its wallets are funded once by the devnet; no background refill or balance polling.
    '--refilling-wallets', 'false',
    '--utility-wallet-monitor', 'false',
    // The wallet's background calls it from an extension origin.
    '--enable-cors', 'true',
    '--log-level', level,
  ];
  // A clean environment for Alto: it reads .env files and ALTO_* variables, neither of which the devnet wants.
  const alto = supervise(
    spawn(process.execPath, args, {
      cwd: dirname(altoCli()),
      env: { PATH: process.env.PATH, DOTENV_CONFIG_PATH: '/dev/null' },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
    logLevel || process.env.DEVNET_BUNDLER_LOG ? (chunk) => process.stderr.write(chunk) : undefined,
  );

  const url = `http://${HOST}:${port}/rpc`;
  try {
    await waitForEntryPoint(url, alto.hasExited);
  } catch (error) {
    await alto.stop();
    throw new Error(`${(error as Error).message}${alto.output() ? `\nAlto said: ${alto.output()}` : ''}`, { cause: error });
  }
  return { url, stop: alto.stop };
}

// The package's exports name no file of the CLI (its `bin`); find it next to the resolved main module, esm/index.js.
function altoCli(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@pimlico/alto')), 'cli/alto.js');
}

async function waitForEntryPoint(url: string, hasExited: () => boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!hasExited()) {
    const entryPoints = await supportedEntryPoints(url);
    if (entryPoints) {
      if (!entryPoints.some((address) => address.toLowerCase() === ENTRY_POINT_ADDRESS.toLowerCase())) {
        throw new Error(`The bundler at ${url} serves EntryPoints ${entryPoints.join(', ')}, not ${ENTRY_POINT_ADDRESS}`);
      }
      return;
    }
    if (Date.now() > deadline) throw new Error(`Alto did not answer eth_supportedEntryPoints on ${url} within ${READY_TIMEOUT_MS} ms`);
    await delay(POLL_INTERVAL_MS);
  }
  throw new Error('Alto exited before its RPC answered');
}

/** The bundler's EntryPoints, or undefined while nothing answers yet. */
async function supportedEntryPoints(url: string): Promise<string[] | undefined> {
  return jsonRpc<string[]>(url, 'eth_supportedEntryPoints').catch(() => undefined);
}
