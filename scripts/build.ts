/**
 * Builds dist/chrome and dist/firefox from the one manifest.json: the pages through vite.config.ts,
 * then background, content and inpage as self-contained IIFE bundles (content scripts cannot be ES modules, and one
 * classic background script works as Chrome's service worker and Firefox's event page alike); an `import()` in them is
 * inlined, its module evaluated when first called. What the worker needs only to review, preview or sign, or to make a key, is a
 * classic script of its own, background-later.js, loaded on first use (src/background/loadLater.ts); ethers' ABI code
 * is another, background-abi.js (src/background/abi/loadAbi.ts), and the Public Suffix List a third, background-sites.js
 * (src/background/sites/siteOf.ts). Both manifests
 * carry package.json's version. With --watch (`npm run dev`) it
 * builds again whenever src/, public/, vendor/ or manifest.json change.
 *
 * Two targets differ only in `__DEVNET_BUILD__`: dist/{chrome,firefox} is the devnet build (`npm start`,
 * the tests, the bench), which has the local devnet as a built-in network, selects it on first run, allows
 * paymaster and bundler URLs on this machine, and whose pages reach the devnet's Ledger emulator when it answers
 * (src/ui/ledger/device.ts); dist/production/{chrome,firefox} is the production build, which
 * `npm run package` zips: Base first, no local devnet, nothing on this machine. The build fails if the production
 * background names the devnet's URLs, or its pages the emulator's.
 *
 * Each folder gets the pages' languages, _locales/<locale>/messages.json from src/ui/i18n (scripts/locales.ts), and the vendored ERC-7730 registry, checked and indexed (scripts/erc7730Registry/generate.ts); the
 * devnet build's binds a few descriptors on the devnet's chain too (devnetAliases.ts).
 */
import { cpSync, mkdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { SHIPPED_LIST_FILE } from '../src/background/protection/phishingUpdates';
import { localeFiles } from './locales';
import { ABI_SCRIPT, LATER_SCRIPT, SITES_SCRIPT, buildBackground, buildPages, buildScript, devnetUrlsIn, emulatorSeamIn } from './bundle';
import { verifyAttestations } from './erc7730Registry/attestations';
import { DEVNET_ALIASES } from './erc7730Registry/devnetAliases';
import { generateRegistry, writeRegistry } from './erc7730Registry/generate';
import { VENDORED } from './erc7730Registry/vendor';

const root = resolve(import.meta.dirname, '..');
const dist = resolve(root, 'dist');
const staging = resolve(dist, '.scripts');
const FIREFOX_ID = 'wallet@batchwallet.dev';
const BROWSERS = ['chrome', 'firefox'] as const;

function manifestFor(browser: 'chrome' | 'firefox'): object {
  const manifest = JSON.parse(readFileSync(resolve(root, 'manifest.json'), 'utf8'));
  manifest.version = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).version;
  if (browser === 'firefox') {
    manifest.background = { scripts: ['background.js'] };
    manifest.browser_specific_settings = {
      // 140 is Debian's firefox-esr; desktop Firefox reads data_collection_permissions from 140, Android from 142.
      gecko: { id: FIREFOX_ID, strict_min_version: '140.0', data_collection_permissions: { required: ['none'] } },
      gecko_android: { strict_min_version: '142.0' },
    };
  }
  return manifest;
}

const productionBackground = resolve(dist, '.production');
const productionPages = resolve(dist, '.productionPages');

async function buildAll(): Promise<void> {
  for (const folder of [...BROWSERS, 'production', '.pages', '.scripts', '.production', '.productionPages']) rmSync(resolve(dist, folder), { recursive: true, force: true });
  // The registry's review attestations, verified here and never at signing time: one that does not count is no error,
  // its descriptor ships without "Reviewed by", and the build names it.
  const reviews = verifyAttestations(VENDORED);
  const byCode = new Map<string, typeof reviews.rejected>();
  for (const rejection of reviews.rejected) byCode.set(rejection.code, [...(byCode.get(rejection.code) ?? []), rejection]);
  for (const [code, rejected] of byCode) {
    console.log(`ERC-7730 reviews not shown (${code}): ${rejected.length}, e.g. ${rejected[0].file}: ${rejected[0].reason}${process.env.VERBOSE ? '' : ' (VERBOSE=1 lists them all)'}`);
    if (process.env.VERBOSE) for (const { file, reason } of rejected.slice(1)) console.log(`  ${file}: ${reason}`);
  }
  // The vendored ERC-7730 registry, checked first: a descriptor that does not resolve or parse fails the build.
  const registries = { devnet: generateRegistry(VENDORED, DEVNET_ALIASES, reviews.reviewedBy), production: generateRegistry(VENDORED, [], reviews.reviewedBy) };
  const locales = localeFiles();
  await buildPages(resolve(dist, '.pages'), true);
  await buildPages(productionPages, false);
  if (emulatorSeamIn(productionPages)) throw new Error('the production pages carry the seam to the Ledger emulator: only the devnet build may reach it');
  await buildBackground(staging, true);
  await buildBackground(productionBackground, false);
  const shipped = ['background.js', LATER_SCRIPT, ABI_SCRIPT, SITES_SCRIPT].flatMap((file) => devnetUrlsIn(readFileSync(resolve(productionBackground, file), 'utf8')));
  if (shipped.length > 0) throw new Error(`the production background names the local devnet (${shipped.join(', ')}): it must not be a network there`);
  await buildScript('content', 'src/content/index.ts', staging);
  await buildScript('inpage', 'src/inpage/index.ts', staging);
  for (const browser of BROWSERS) {
    for (const [out, background] of [[resolve(dist, browser), null], [resolve(dist, 'production', browser), productionBackground]] as const) {
      mkdirSync(out, { recursive: true });
      cpSync(background ? productionPages : resolve(dist, '.pages'), out, { recursive: true });
      cpSync(staging, out, { recursive: true });
      if (background) cpSync(background, out, { recursive: true });
      // The release's phishing list: a file the worker reads when first asked, not code each of its starts compiles.
      cpSync(resolve(root, 'node_modules/eth-phishing-detect/src/config.json'), resolve(out, SHIPPED_LIST_FILE));
      writeRegistry(background ? registries.production : registries.devnet, out);
      writeFileSync(resolve(out, 'manifest.json'), JSON.stringify(manifestFor(browser), null, 2));
      for (const { locale, json } of locales) {
        mkdirSync(resolve(out, '_locales', locale), { recursive: true });
        writeFileSync(resolve(out, '_locales', locale, 'messages.json'), json);
      }
    }
  }
  for (const folder of ['.pages', '.scripts', '.production', '.productionPages']) rmSync(resolve(dist, folder), { recursive: true });
  console.log(`built dist/{chrome,firefox} (devnet) and dist/production/{chrome,firefox} (${new Date().toLocaleTimeString()})`);
}

/** Builds again after changes settle; a change during a build starts one more afterwards. */
function rebuildOnChange(): void {
  let timer: NodeJS.Timeout | undefined;
  let running = Promise.resolve();
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(buildAll).catch((error: Error) => console.error(`build failed: ${error.message}`));
    }, 100);
  };
  for (const path of ['src', 'public', 'vendor']) watch(resolve(root, path), { recursive: true }, schedule);
  watch(resolve(root, 'manifest.json'), schedule);
  console.log('watching src/, public/, vendor/ and manifest.json; reload the extension in the browser after a build');
}

await buildAll();
if (process.argv.includes('--watch')) rebuildOnChange();
