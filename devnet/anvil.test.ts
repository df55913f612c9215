/**
 * anvil keeps its last states in memory (1,500 at the devnet's sub-second blocks) and writes older ones to
 * ~/.foundry/anvil/tmp, which it never deletes: at the devnet's 0.2 s blocks that was about 280 MB a minute once five
 * minutes had passed (74 GB left behind on one machine; a full disk is the likely end of one CI run). The devnet's
 * anvil keeps no state on disk.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRpc } from '../src/shared/jsonRpc';
import { startAnvil, type Anvil } from './anvil';

const RPC_PORT = 8649;

/** Everything under `dir`, as paths relative to it. */
const filesUnder = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: 'utf8' });

describe('the devnet\'s anvil', () => {
  // anvil finds ~/.foundry through HOME: a home of the test's own shows what this anvil wrote.
  const home = mkdtempSync(join(tmpdir(), 'anvil-home-'));
  const ownHome = process.env.HOME;
  let anvil: Anvil;

  beforeAll(async () => {
    process.env.HOME = home;
    anvil = await startAnvil({ port: RPC_PORT });
  });
  afterAll(async () => {
    await anvil?.stop();
    process.env.HOME = ownHome;
    rmSync(home, { recursive: true, force: true });
  });

  it('writes no state to disk after 2,000 blocks, and serves the recent ones\' state as a public node does', async () => {
    await jsonRpc(anvil.rpcUrl, 'anvil_mine', ['0x7d0']);
    const head = Number(await jsonRpc<string>(anvil.rpcUrl, 'eth_blockNumber'));
    expect(head).toBeGreaterThanOrEqual(2000);
    const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
    expect(BigInt(await jsonRpc<string>(anvil.rpcUrl, 'eth_getBalance', [account, `0x${(head - 100).toString(16)}`]))).toBeGreaterThan(0n);
    // anvil writes them in the background, within a few hundred ms here.
    await delay(1000);
    expect(filesUnder(home)).toEqual([]);
    // Mining 2,000 blocks took over 4 s in one CI run, beside the other test files: more than vitest's default 5 s.
  }, 30_000);
});
