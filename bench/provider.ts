/**
 * Prints what the wallet adds on top of the node: the round trip of a read through window.ethereum
 * versus the same JSON-RPC call made by the page straight to the node, and how long an atomic batch
 * takes from wallet_sendCalls' answer to status 200. Numbers only; nothing here is asserted.
 * Run: npm run build && npm run bench
 */
import { resolve } from 'node:path';
import { startDevnet } from '../devnet';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { ApprovalWindow } from '../e2e/pages/approval';
import { Dapp } from '../e2e/pages/dapp';
import { connect } from '../e2e/pages/flows';
import { WalletPopup } from '../e2e/pages/wallet';

const ROUNDS = 200;
const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))];
const summary = (label: string, samples: number[]): string => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `${label.padEnd(34)} median ${percentile(sorted, 50).toFixed(2)} ms   p95 ${percentile(sorted, 95).toFixed(2)} ms   (n=${samples.length})`;
};

const devnet = await startDevnet();
const browser = await PlaywrightChromium.launch(resolve(import.meta.dirname, '../dist/chrome'));
try {
  const popup = await WalletPopup.open(browser);
  await popup.importWallet(DEVNET_MNEMONIC);
  const dapp = await Dapp.open(browser, devnet.dappUrl);
  const [account] = await connect(dapp, browser);

  const times = (viaWallet: boolean) =>
    dapp.screen.evaluate(
      async ({ rounds, rpcUrl, account, viaWallet }) => {
        const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
        const params = [account, 'pending'];
        const samples: number[] = [];
        for (let i = 0; i < rounds; i++) {
          const start = performance.now();
          if (viaWallet) await ethereum.request({ method: 'eth_getBalance', params });
          else await (await fetch(rpcUrl, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'eth_getBalance', params }) })).json();
          samples.push(performance.now() - start);
        }
        return samples;
      },
      { rounds: ROUNDS, rpcUrl: devnet.rpcUrl, account, viaWallet },
    );
  const direct = await times(false);
  const wallet = await times(true);
  console.log(summary('eth_getBalance straight to the node', direct));
  console.log(summary('eth_getBalance through the wallet', wallet));

  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from: account, chainId: '0x7a69', atomicRequired: false, calls: [{ to: devnet.accounts[5].address, value: '0x1' }] }]);
  await (await ApprovalWindow.next(browser)).approve();
  const sent = (await sending) as { result: { id: string } };
  const started = Date.now();
  for (;;) {
    const status = await dapp.result<{ status: number }>('wallet_getCallsStatus', [sent.result.id]);
    if (status.status !== 100) break;
  }
  console.log(`${'batch: sendCalls answer to status 200'.padEnd(34)} ${Date.now() - started} ms (blocks every 200 ms)`);
} finally {
  await browser.close();
  await devnet.stop();
}
