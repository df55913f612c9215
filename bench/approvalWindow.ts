/**
 * The approval window alone, split into its steps: `npm run bench` reports its two goals (summary painted, preview on
 * screen) among everything else; this prints only them, with the marks between, so two builds can be compared one
 * after the other in the same minutes.
 * Run: npm run build && npx tsx bench/approvalWindow.ts [extension folder, default dist/chrome]
 * Firefox: BROWSER=firefox npx tsx bench/approvalWindow.ts [extension folder, default dist/firefox]
 */
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { startDevnet } from '../devnet';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { DEVNET_MNEMONIC } from '../devnet/constants';
import { untilMarks } from './approvalMarks';
import { connectedDapp } from './connectedDapp';
import { report } from './figures';
import { walletIn } from './firefox';

/** From the window's page starting to load to the request's screen, in the order they happen. */
const SIGN_MARKS = ['navigation', 'nav:responseEnd', 'approval-script', 'nav:domInteractive', 'approval-state', 'approval-painted', 'approval-shown'];
/** Firefox gives extension pages no navigation timing. */
const FIREFOX_SIGN_MARKS = SIGN_MARKS.filter((mark) => !mark.startsWith('nav:'));
/**
 * A batch planned for more than PLANNING_GRACE_MS (a loaded machine, Firefox) paints its planning first and may
 * never mark its summary (the bench timed out on it in both builds): its first paint is whichever came.
 */
const BATCH_MARKS = ['navigation', 'planning-painted|approval-painted', 'approval-shown', 'preview-shown'];
/** More than the main bench's ten: the machine is shared, and two builds are set side by side. */
const ROUNDS = 20;

const firefox = process.env.BROWSER === 'firefox';
const signMarks = firefox ? FIREFOX_SIGN_MARKS : SIGN_MARKS;
const extension = resolve(process.argv[2] ?? resolve(import.meta.dirname, '../dist', firefox ? 'firefox' : 'chrome'));
console.log(`${extension}, load at start ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const devnet = await startDevnet();
const { browser, dapp, account } = firefox
  ? await walletIn(extension, devnet, DEVNET_MNEMONIC).then(({ firefox: browser, ...rest }) => ({ browser, ...rest }))
  : await PlaywrightChromium.launch(extension).then(async (browser) => ({ browser, ...(await connectedDapp(browser, devnet)) }));
try {
  const signed = await untilMarks(browser, dapp, signMarks, 'personal_sign', ['0x68656c6c6f', account], ROUNDS);
  signMarks.forEach((mark, i) => report(`personal_sign → ${mark}`, signed[i]));
  const batchOfOne = { version: '2.0.0', from: account, chainId: '0x7a69', atomicRequired: false, calls: [{ to: devnet.accounts[5].address, value: '0x1' }] };
  const batch = await untilMarks(browser, dapp, BATCH_MARKS, 'wallet_sendCalls', [batchOfOne], ROUNDS);
  BATCH_MARKS.forEach((mark, i) => report(`wallet_sendCalls → ${mark}`, batch[i]));
} finally {
  await browser.close();
  await devnet.stop();
}
console.log(`load at end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
