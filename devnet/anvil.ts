/** Runs anvil as a child process: the devnet's chain, with interval mining and the Prague hardfork (EIP-7702). */
import { spawn } from 'node:child_process';
import { supervise } from './child';
import { createRequire } from 'node:module';
import { setTimeout as delay } from 'node:timers/promises';
import { BLOCK_TIME_SECONDS, CHAIN_ID, DEFAULT_RPC_PORT, DEVNET_MNEMONIC } from './constants';
import { jsonRpc } from '../src/shared/jsonRpc';
import { HOST, assertPortFree } from './ports';

export interface Anvil {
  rpcUrl: string;
  /** Terminates anvil and resolves once the process has exited (its port is free again). */
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 15_000;
const POLL_INTERVAL_MS = 20;

export interface AnvilOptions {
  port?: number;
  chainId?: number;
  /** Prague brings EIP-7702; tests start an older one to see a chain without it. */
  hardfork?: 'prague' | 'cancun';
}

export async function startAnvil({ port = DEFAULT_RPC_PORT, chainId = CHAIN_ID, hardfork = 'prague' }: AnvilOptions = {}): Promise<Anvil> {
  await assertPortFree(port, 'anvil');
  const args = [
    '--host', HOST,
    '--port', String(port),
    '--chain-id', String(chainId),
    '--mnemonic', DEVNET_MNEMONIC,
    '--block-time', String(BLOCK_TIME_SECONDS),
    '--hardfork', hardfork,
    // Older states are dropped, not written to ~/.foundry/anvil/tmp (280 MB a minute at these blocks, never deleted).
    // What is kept, 1,500 blocks' worth, is more than a public node serves.
    '--max-persisted-states', '0',
  ];
  const anvil = supervise(spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'pipe'] }));

  const rpcUrl = `http://${HOST}:${port}`;
  try {
    await waitForChainId(rpcUrl, chainId, anvil.hasExited);
  } catch (error) {
    await anvil.stop();
    throw new Error(`${(error as Error).message}${anvil.output() ? `\nanvil said: ${anvil.output()}` : ''}`, { cause: error });
  }
  return { rpcUrl, stop: anvil.stop };
}

// node_modules/.bin/anvil is a node wrapper that, on SIGTERM, signals the real binary and exits without waiting
// for it, so stop() could return while the port is still bound. Run the platform binary it would run, directly.
function anvilBinary(): string {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  return createRequire(import.meta.url).resolve(`@foundry-rs/anvil-${process.platform}-${arch}/bin/${binary}`);
}

async function waitForChainId(rpcUrl: string, expected: number, hasExited: () => boolean): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (!hasExited()) {
    const chainId = await fetchChainId(rpcUrl);
    if (chainId !== undefined) {
      if (chainId !== expected) throw new Error(`The node at ${rpcUrl} reports chain id ${chainId}, expected ${expected}`);
      return;
    }
    if (Date.now() > deadline) throw new Error(`anvil did not answer eth_chainId on ${rpcUrl} within ${READY_TIMEOUT_MS} ms`);
    await delay(POLL_INTERVAL_MS);
  }
  throw new Error('anvil exited before its RPC answered');
}

/** The node's chain id, or undefined while nothing answers yet. */
async function fetchChainId(rpcUrl: string): Promise<number | undefined> {
  return jsonRpc<string>(rpcUrl, 'eth_chainId').then(Number, () => undefined);
}
