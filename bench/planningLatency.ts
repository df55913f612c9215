/**
 * What a distant node costs before the approval window opens. The worker plans a batch (nonce, code, gas, fees, the
 * calls' words) before it opens the window, so each node round trip on that path delays the window; a signature asks
 * the node nothing. A second chain behind a proxy that delays each request by RTT ms (default 80; RTT=200 for a slow
 * public node), from a batch of one ETH transfer and a personal_sign to the window's page starting to load.
 * Run: npm run build && RTT=80 npx tsx bench/planningLatency.ts
 */
import { resolve } from 'node:path';
import { startDevnet } from '../devnet';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { FAULTY_CHAIN_ID, onFaultyChain, startFaultyChain } from '../e2e/fixtures/faultyChain';
import { Dapp } from '../e2e/pages/dapp';
import { untilMarks } from './approvalMarks';
import { report } from './figures';

const RTT = Number(process.env.RTT ?? 80);
const ROUNDS = 10;

const devnet = await startDevnet();
const chain = await startFaultyChain({ latencyMs: RTT });
const browser = await PlaywrightChromium.launch(resolve(import.meta.dirname, '../dist/chrome'));
try {
  const dapp = await Dapp.open(browser, devnet.dappUrl);
  const { address } = await onFaultyChain(browser, dapp, chain);
  const batch = { version: '2.0.0', from: address, chainId: FAULTY_CHAIN_ID, atomicRequired: false, calls: [{ to: devnet.accounts[5].address, value: '0x1' }] };
  const [opening, painted] = await untilMarks(browser, dapp, ['navigation', 'approval-painted'], 'wallet_sendCalls', [batch], ROUNDS);
  report(`node ${RTT} ms away: wallet_sendCalls → the window starts loading`, opening);
  report(`node ${RTT} ms away: wallet_sendCalls → summary painted`, painted);
  const [signing] = await untilMarks(browser, dapp, ['navigation'], 'personal_sign', ['0x68656c6c6f', address], ROUNDS);
  report(`node ${RTT} ms away: personal_sign → the window starts loading`, signing);
} finally {
  await browser.close();
  await chain.stop();
  await devnet.stop();
}
