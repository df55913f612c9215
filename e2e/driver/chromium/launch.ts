/** Debian's Chromium with the built extension, in a fresh (or a given) profile, new headless mode. */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PLAIN_HTTP_HOST, PLAIN_HTTP_SUBDOMAIN } from '../hosts';

export interface LaunchedChromium {
  context: BrowserContext;
  extensionId: string;
  /** The browser's user-data directory: launch again with it as `profileDir` to restart the same profile. */
  profileDir: string;
  /** Closes the browser and deletes its profile, unless `keepProfile` (to relaunch it). */
  close(options?: { keepProfile?: boolean }): Promise<void>;
}

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Every launch's flags: new headless mode, nothing of the browser's own on the network, the plain-HTTP test host. */
const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  `--host-resolver-rules=MAP ${PLAIN_HTTP_HOST} 127.0.0.1, MAP ${PLAIN_HTTP_SUBDOMAIN} 127.0.0.1`,
];

/** The same browser with the same flags and no extension: what a page costs without the wallet (the bench). */
export const launchWithoutExtension = (): Promise<Browser> => chromium.launch({ executablePath, headless: false, args: FLAGS });

/**
 * `extensionDir`: a built extension, dist/chrome or a copy of it. Without `profileDir`, a new temporary profile.
 * With it, that profile as a previous launch left it (storage, the unpacked extension under the same id); closing
 * deletes it as well unless told to keep it. `extraArgs`: more flags (the bench's DevTools port). `language`: the
 * browser's language ("es"), else English. `backForwardCache`: keeps the back/forward cache, which Playwright turns off
 * in every browser it launches (--disable-back-forward-cache), for a test of a page restored from it.
 */
export async function launchWithExtension(
  extensionDir: string,
  options: { profileDir?: string; extraArgs?: string[]; language?: string; backForwardCache?: boolean } = {},
): Promise<LaunchedChromium> {
  const profile = options.profileDir ?? mkdtempSync(join(tmpdir(), 'wallet-e2e-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: false,
    args: [
      ...FLAGS,
      '--disable-features=DisableLoadExtensionCommandLineSwitch',
      `--disable-extensions-except=${extensionDir}`,
      `--load-extension=${extensionDir}`,
      ...(options.extraArgs ?? []),
      ...(options.language ? [`--lang=${options.language}`] : []),
    ],
    // --lang picks the extension's messages; `locale` the language getUILanguage() and Intl answer (the LANGUAGE
    // variable does neither: Debian's Chromium here ships only en-US.pak).
    ...(options.language ? { locale: options.language } : {}),
    ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
  });
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  const extensionId = new URL(worker.url()).host;
  return {
    context,
    extensionId,
    profileDir: profile,
    close: async ({ keepProfile = false } = {}) => {
      await context.close();
      if (!keepProfile) rmSync(profile, { recursive: true, force: true });
    },
  };
}
