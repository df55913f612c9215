/**
 * Starts the real devnet (anvil, contracts, dapp server) once for the Firefox suite, and copies the
 * built add-on aside, so a build during the run cannot change the add-on under test (the build
 * empties dist/ first). Its return value stops the devnet and removes the copy.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDevnet } from '../../devnet';
import type { DevnetInfo } from '../fixtures/devnetInfo';

const FIREFOX_DIST = resolve(import.meta.dirname, '../../dist/firefox');

declare module 'vitest' {
  export interface ProvidedContext {
    devnet: DevnetInfo;
    /** The copy of dist/firefox that the tests install. */
    addonDir: string;
  }
}

export default async function globalSetup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(resolve(FIREFOX_DIST, 'manifest.json'))) throw new Error(`${FIREFOX_DIST} is missing: run npm run build first`);
  const addonDir = mkdtempSync(join(tmpdir(), 'wallet-firefox-addon-'));
  cpSync(FIREFOX_DIST, addonDir, { recursive: true });
  const devnet = await startDevnet().catch((error: Error) => {
    rmSync(addonDir, { recursive: true, force: true });
    throw error;
  });
  project.provide('addonDir', addonDir);
  const { rpcUrl, dappUrl, bundlerUrl, paymasterUrl, addresses, accounts } = devnet;
  project.provide('devnet', { rpcUrl, dappUrl, bundlerUrl, paymasterUrl, addresses, accounts });
  return async () => {
    await devnet.stop();
    rmSync(addonDir, { recursive: true, force: true });
  };
}
