/**
 * One script (background, content or inpage) as a self-contained IIFE bundle, and what the production background
 * must not carry: the local devnet's URLs (a page could switch the wallet onto this machine's ports).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'vite';
import { LOCAL_DEVNET } from '../src/shared/networks';
import { EMULATOR_SILENT, LEDGER_EMULATOR_URL } from '../src/ui/ledger/emulatorTransport';

const root = resolve(import.meta.dirname, '..');

/**
 * The background's first statement: `npm run bench` reads this mark (time from the worker's start to its script
 * running, i.e. fetched and compiled) and the one at the end of its top-level work (src/background/index.ts).
 */
const BACKGROUND_BANNER = "performance.mark('background-compiled');";

/** The worker's second script: what it needs only once a request is reviewed, previewed or signed, or a key made or first derived (src/background/loadLater.ts). */
export const LATER_SCRIPT = 'background-later.js';

/** The worker's third script: ethers' ABI code, which it needs only once it encodes or decodes a call (src/background/abi/loadAbi.ts). */
export const ABI_SCRIPT = 'background-abi.js';

/** The worker's fourth script: the Public Suffix List, which it needs once a page's request is counted to its site (src/background/sites/siteOf.ts). */
export const SITES_SCRIPT = 'background-sites.js';

/**
 * The background's build constants: the devnet build's networks and URL rules, or the production build's; and the
 * files of its later code and of ethers' ABI code, which the worker then loads rather than carrying them in its first script.
 */
export const backgroundDefine = (devnetBuild: boolean): Record<string, string> => ({
  __DEVNET_BUILD__: String(devnetBuild),
  __LATER_SCRIPT__: JSON.stringify(LATER_SCRIPT),
  __ABI_SCRIPT__: JSON.stringify(ABI_SCRIPT),
  __SITES_SCRIPT__: JSON.stringify(SITES_SCRIPT),
});

/** The worker's four scripts into `outDir`: background.js, its later code, ethers' ABI code and the Public Suffix List (classic scripts too). */
export async function buildBackground(outDir: string, devnetBuild: boolean): Promise<void> {
  for (const [file, entry] of WORKER_SCRIPTS) await buildScript(file.replace(/\.js$/, ''), entry, outDir, backgroundDefine(devnetBuild));
}

/** The worker's four scripts and their entries: each a bundle of its own, so a module two of them import is two copies (scripts/sharedState.ts). */
export const WORKER_SCRIPTS: readonly (readonly [file: string, entry: string])[] = [
  ['background.js', 'src/background/index.ts'],
  [LATER_SCRIPT, 'src/background/laterChunk.ts'],
  [ABI_SCRIPT, 'src/background/abi/abiChunk.ts'],
  [SITES_SCRIPT, 'src/background/sites/sitesChunk.ts'],
];

export async function buildScript(name: string, entry: string, outDir: string, define: Record<string, string> = {}): Promise<void> {
  await build({
    configFile: false,
    logLevel: 'warn',
    define,
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      // A stopped worker compiles background.js again on every start, and the content and inpage scripts run in every
      // frame of every page: minified, each is parsed in a fraction of the time (the pages are minified by vite too).
      minify: true,
      lib: { entry: resolve(root, entry), formats: ['iife'], name: name.replace(/\W/g, '_'), fileName: () => `${name}.js` },
      rollupOptions: { output: { banner: name === 'background' ? BACKGROUND_BANNER : undefined } },
    },
  });
}

/** The local devnet's node and bundler URLs that a bundle's text names. */
export const devnetUrlsIn = (code: string): string[] => [...LOCAL_DEVNET.rpcUrls, LOCAL_DEVNET.bundlerUrl!].filter((url) => code.includes(url));

/** The wallet's pages (vite.config.ts) into `outDir`: the devnet build's reach the Ledger emulator, the production build's cannot. */
export async function buildPages(outDir: string, devnetBuild: boolean): Promise<void> {
  await build({ configFile: resolve(root, 'vite.config.ts'), logLevel: 'warn', define: { __DEVNET_BUILD__: String(devnetBuild) }, build: { outDir, emptyOutDir: true } });
}

/** The devnet build's seam to the Ledger emulator as its scripts carry it: the emulator's URL and its transport's words. */
const EMULATOR_MARKERS = [LEDGER_EMULATOR_URL, EMULATOR_SILENT];

/** Whether any script of the pages in `dir` carries the seam to the Ledger emulator. */
export const emulatorSeamIn = (dir: string): boolean =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((file) => file.endsWith('.js') && EMULATOR_MARKERS.some((marker) => readFileSync(join(dir, file), 'utf8').includes(marker)));
