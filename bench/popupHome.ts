/**
 * The popup's Home on an unlocked wallet, opened again and again: from the page's start (its time origin) to the
 * balance on screen, and to the balance's value in US dollars (the devnet's ETH / USD feed), each as the DOM first held
 * it. The value is asked apart from the balance: the first figure must not move with it. Chromium; two builds one after
 * the other: npm run build && npx tsx bench/popupHome.ts [extension folder, default dist/chrome]
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { startDevnet } from '../devnet';
import type { ChromiumScreen } from '../e2e/driver/chromium/screen';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { connectedDapp } from './connectedDapp';
import { report } from './figures';

const ROUNDS = 20;
const WARM_UP = 2;
const SHOWN = ['Balance', 'Balance in US dollars'];

const extension = resolve(process.argv[2] ?? resolve(import.meta.dirname, '../dist/chrome'));
console.log(`${extension}, load at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const devnet = await startDevnet();
const browser = await PlaywrightChromium.launch(extension);
try {
  const { popup } = await connectedDapp(browser, devnet);
  const context = (popup.screen as ChromiumScreen).page.context();
  const url = popup.screen.url();
  const samples = SHOWN.map(() => [] as number[]);
  for (let i = 0; i < WARM_UP + ROUNDS; i++) {
    const page = await context.newPage();
    // Marks each element the moment the DOM first holds it, before the page's own scripts run.
    await page.addInitScript((names: string[]) => {
      const seen = new Set<string>();
      new MutationObserver(() => {
        for (const name of names) {
          if (!seen.has(name) && document.querySelector(`[aria-label="${name}"]`)) {
            seen.add(name);
            performance.mark(name);
          }
        }
      }).observe(document, { childList: true, subtree: true });
    }, SHOWN);
    await page.goto(await url);
    // A build without values never marks the second: its figure is then left out.
    const marks = await page
      .waitForFunction((names: string[]) => {
        const at = names.map((name) => performance.getEntriesByName(name)[0]?.startTime);
        return at[0] !== undefined && (at[1] !== undefined || performance.now() - at[0] > 3000) ? at : undefined;
      }, SHOWN, { timeout: 20_000 })
      .then((handle) => handle.jsonValue() as Promise<(number | undefined)[]>);
    if (i >= WARM_UP) marks.forEach((at, j) => at !== undefined && samples[j].push(at));
    await page.close();
  }
  report('popup Home: page start → balance on screen', samples[0]);
  if (samples[1].length > 0) report('popup Home: page start → its value in US dollars on screen', samples[1]);
} finally {
  await browser.close();
  await devnet.stop();
}
console.log(`load at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
