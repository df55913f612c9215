/**
 * Firefox's figures, on the same devnet: the approval window (request → its summary and buttons painted → its screen
 * painted) beside its floor, a blank window of the extension opened alike (windowFloor.ts; `extension` must carry its
 * page, `addBlankPage`), and the event page's cold start. Firefox suspends an idle event page after
 * `extensions.background.idle.timeout` (30 s by default), but not while a page holds a port to it: so the second
 * browser (a 2 s timeout) closes every page but a blank one, waits the timeout out, and opens the dapp: its content
 * script's port wakes the event page. Measured from the page's navigation to its first answer, beside the same with
 * the event page running (the page opened again at once).
 */
import type { Devnet } from '../devnet';
import { PuppeteerFirefox } from '../e2e/driver/firefox/session';
import type { FirefoxSession, Screen } from '../e2e/driver/types';
import { Dapp } from '../e2e/pages/dapp';
import { connect } from '../e2e/pages/flows';
import { WalletPopup } from '../e2e/pages/wallet';
import { report } from './figures';
import { approvalBesideFloor, reportApprovalBesideFloor } from './windowFloor';

const IDLE_MS = 2000;

/**
 * tsx, which runs the bench, wraps named functions in a helper (`__name`) that pages lack, and Firefox's driver sends
 * its own functions to the pages: each page gets a helper that does nothing (a Function from text, which tsx leaves).
 */
const NAME_HELPER = new Function('globalThis.__name = (f) => f') as () => void;
const OPENING = new Set<PropertyKey>(['openExtensionPage', 'openPage', 'nextExtensionPage']);

function withNameHelper(session: FirefoxSession): FirefoxSession {
  const prepared = async (opening: Promise<Screen>) => {
    const screen = await opening;
    await screen.evaluate(NAME_HELPER, undefined);
    return screen;
  };
  return new Proxy(session, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      return OPENING.has(key) ? (...args: unknown[]) => prepared(value.apply(target, args)) : value.bind(target);
    },
  });
}

/** Firefox with the add-on in `extension`, the wallet imported and the devnet's dapp connected. */
export async function walletIn(extension: string, devnet: Devnet, mnemonic: string, prefs: Record<string, unknown> = {}) {
  const firefox = withNameHelper(await PuppeteerFirefox.launch(extension, prefs));
  await (await WalletPopup.open(firefox)).importWallet(mnemonic);
  const dapp = await Dapp.open(firefox, devnet.dappUrl);
  const [account] = await connect(dapp, firefox);
  return { firefox, dapp, account };
}

/** From the page's navigation to its first answer from the event page (eth_chainId may be answered by the content script). */
const firstAnswer = (page: Screen) =>
  page.evaluate(async () => {
    const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
    await ethereum.request({ method: 'net_version' });
    return performance.now();
  }, undefined);

/** Opens `url`, takes its first answer's time, closes it. */
async function openedOnce(firefox: FirefoxSession, url: string): Promise<number> {
  const page = await firefox.openPage(url);
  try {
    return await firstAnswer(page);
  } finally {
    await page.close();
  }
}

export async function benchFirefox(extension: string, devnet: Devnet, mnemonic: string): Promise<void> {
  const shown = await walletIn(extension, devnet, mnemonic);
  try {
    const measured = await approvalBesideFloor(shown.firefox, shown.dapp, 'personal_sign', ['0x68656c6c6f', shown.account], ['approval-shown']);
    reportApprovalBesideFloor('Firefox: ', 'Firefox', measured);
    report('Firefox: request → approval screen (React)', measured.more[0]);
  } finally {
    await shown.firefox.close();
  }
  const idle = await walletIn(extension, devnet, mnemonic, { 'extensions.background.idle.timeout': IDLE_MS });
  try {
    // Nothing may hold a port to the event page while it idles: only a blank page stays open.
    await idle.firefox.openPage('about:blank');
    for (const screen of await idle.firefox.screens()) {
      const url = await screen.url().catch(() => 'about:gone');
      if (!url.startsWith('about:')) await screen.close();
    }
    const cold: number[] = [];
    const warm: number[] = [];
    for (let i = 0; i < 10; i++) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS + 1000));
      cold.push(await openedOnce(idle.firefox, devnet.dappUrl));
      warm.push(await openedOnce(idle.firefox, devnet.dappUrl));
    }
    const running = report('Firefox: page opened → first answer (event page running)', warm);
    report('Firefox: the same, event page suspended', cold, running, 'running');
  } finally {
    await idle.firefox.close();
  }
}
