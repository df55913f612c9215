/** `npm start`: runs the devnet until Ctrl-C, prints how to use it, and opens Chromium with the extension when it can. */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEVNET_MNEMONIC } from './constants';
import { startDevnet, type Devnet } from './index';

const CHROME_DIST = fileURLToPath(new URL('../dist/chrome', import.meta.url));
const FIREFOX_MANIFEST = fileURLToPath(new URL('../dist/firefox/manifest.json', import.meta.url));

const started = performance.now();
let devnet: Devnet;
try {
  devnet = await startDevnet({ paymasterLog: (line) => console.log(line) });
} catch (error) {
  console.error(`Could not start the devnet: ${(error as Error).message}`);
  process.exit(1);
}
console.log(`Devnet ready in ${Math.round(performance.now() - started)} ms

  RPC URL      ${devnet.rpcUrl}  (chain id ${devnet.chainId})
  Demo dapp    ${devnet.dappUrl}
  Bundler      ${devnet.bundlerUrl}  (Alto, ERC-4337)
  Paymaster    ${devnet.paymasterUrl}  (ERC-7677; contract ${devnet.addresses.verifyingPaymaster})
  Test token   ${devnet.addresses.testToken}  (TST, 18 decimals), ${devnet.addresses.testPermitToken}  (TPT, EIP-2612 permit)
  Collectibles ${devnet.addresses.testCollectible}  (ERC-721 TCOL), ${devnet.addresses.testMultiToken}  (ERC-1155)
  EntryPoint   ${devnet.addresses.entryPoint}  (v0.8)
  Ledger       ${devnet.ledgerEmulatorUrl}  (the Ethereum app's emulator: Chrome's Ledger accounts use it; POST /state to lock it, refuse, …)
  Mnemonic     ${DEVNET_MNEMONIC}

Load the extension:
  Chrome   chrome://extensions → Developer mode → "Load unpacked" → ${CHROME_DIST}
  Firefox  about:debugging#/runtime/this-firefox → "Load Temporary Add-on" → ${FIREFOX_MANIFEST}

Press Ctrl-C to stop.`);

const browser = launchChromium(devnet.dappUrl);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await Promise.all([browser?.stop(), devnet.stop()]);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

/** Opens the dapp in Chromium with the built extension in a throwaway profile; undefined without a display or Chromium. */
function launchChromium(url: string): { stop(): Promise<void> } | undefined {
  const binary = findChromium();
  if (!process.env.DISPLAY || !binary) return undefined;
  if (!existsSync(join(CHROME_DIST, 'manifest.json'))) {
    console.log(`Not opening Chromium: no built extension in ${CHROME_DIST} (run npm run build).`);
    return undefined;
  }
  const profile = mkdtempSync(join(tmpdir(), 'devnet-chromium-'));
  const args = [
    `--load-extension=${CHROME_DIST}`,
    `--user-data-dir=${profile}`,
    '--no-first-run',
    '--no-default-browser-check',
    // Chromium's sandbox refuses to run as root (as in containers); only then go without it.
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    url,
  ];
  const child = spawn(binary, args, { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  child.once('error', (error) => console.log(`Could not open Chromium: ${error.message}`));
  child.once('exit', (code) => code && console.log(`Chromium exited with code ${code}; the devnet keeps running.`));
  console.log(`Opened Chromium with the extension (profile ${profile}).`);
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      // Only now: Chromium writes to its profile while it shuts down.
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

function findChromium(): string | undefined {
  const onPath = (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'chromium'));
  return ['/usr/bin/chromium', ...onPath].find((path) => existsSync(path));
}
