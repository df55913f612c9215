/**
 * What a distant node costs before the approval window shows a request. The worker plans a batch (nonce, code, gas,
 * fees, the calls' words) before it can show it, so each node round trip on that path delays its summary; a plan that
 * outlasts PLANNING_GRACE_MS opens the window meanwhile ("Preparing the request"). A signature asks the node nothing.
 * A second chain behind a proxy that delays each request by RTT ms (default 80; RTT=200 for a slow public node), from
 * a batch (one ETH transfer; one token call) and a personal_sign to the window's page starting to load, and for the
 * transfer to its first paint and to its screen.
 * Run: npm run build && RTT=80 npx tsx bench/planningLatency.ts (EXT=<a dist/chrome folder> for another build)
 */
import { resolve } from 'node:path';
import { Interface, Wallet } from 'ethers';
import { startDevnet } from '../devnet';
import { PlaywrightChromium } from '../e2e/driver/chromium/session';
import { FAULTY_CHAIN_ID, onFaultyChain, startFaultyChain } from '../e2e/fixtures/faultyChain';
import { Dapp } from '../e2e/pages/dapp';
import { jsonRpc } from '../src/shared/jsonRpc';
import { untilMarks } from './approvalMarks';
import { report } from './figures';

const RTT = Number(process.env.RTT ?? 80);
const ROUNDS = 10;

const devnet = await startDevnet();
const chain = await startFaultyChain({ latencyMs: RTT });
const browser = await PlaywrightChromium.launch(resolve(process.env.EXT ?? resolve(import.meta.dirname, '../dist/chrome')));
try {
  const dapp = await Dapp.open(browser, devnet.dappUrl);
  const { address } = await onFaultyChain(browser, dapp, chain);
  const batch = { version: '2.0.0', from: address, chainId: FAULTY_CHAIN_ID, atomicRequired: false, calls: [{ to: devnet.accounts[5].address, value: '0x1' }] };
  // A window opened during planning paints the planning, then the app draws the batch's screen (no summary paint).
  const [opening, first, screen] = await untilMarks(browser, dapp, ['navigation', 'planning-painted|approval-painted', 'approval-shown'], 'wallet_sendCalls', [batch], ROUNDS);
  report(`node ${RTT} ms away: wallet_sendCalls → the window starts loading`, opening);
  report(`node ${RTT} ms away: wallet_sendCalls → its first paint (of its planning, or its summary)`, first);
  report(`node ${RTT} ms away: wallet_sendCalls → its screen`, screen);
  // A token call, whose words need the token read (its symbol and decimals): the devnet's TST, copied to this chain.
  const token = Wallet.createRandom().address;
  await chain.send('anvil_setCode', [token, await jsonRpc<string>(devnet.rpcUrl, 'eth_getCode', [devnet.addresses.testToken, 'latest'])]);
  const mint = new Interface(['function mint(address to, uint256 amount)']).encodeFunctionData('mint', [address, 1000n]);
  const tokenBatch = { ...batch, calls: [{ to: token, value: '0x0', data: mint }] };
  const [tokenOpening] = await untilMarks(browser, dapp, ['navigation'], 'wallet_sendCalls', [tokenBatch], ROUNDS);
  report(`node ${RTT} ms away: wallet_sendCalls of a token call → the window starts loading`, tokenOpening);
  const [signing] = await untilMarks(browser, dapp, ['navigation'], 'personal_sign', ['0x68656c6c6f', address], ROUNDS);
  report(`node ${RTT} ms away: personal_sign → the window starts loading`, signing);
} finally {
  await browser.close();
  await chain.stop();
  await devnet.stop();
}
