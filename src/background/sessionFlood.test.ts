/**
 * The audit's proof (issue 41): pages flood storage.session through filters until nothing more fits, then the user
 * creates the vault, locks and unlocks. With Chrome's 10 MiB quota, the wallet's own writes must still succeed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { quotaArea } from './storage/testing';
import { testServices } from './testing';

const MNEMONIC = 'test test test test test test test test test test test junk';
let head = 0x100;

/**
 * A node whose chain grows a block whenever a filter is made (eth_blockNumber), and whose every eth_getLogs answers
 * `logsPerRead` logs of `dataBytes` bytes of data each, in the head block.
 */
function stubNode(size: { logsPerRead: number; dataBytes: number }) {
  vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
    const { id, method } = JSON.parse(init.body as string) as { id: number; method: string };
    if (method === 'eth_blockNumber') head++;
    const block = { number: `0x${(method === 'eth_blockNumber' ? head - 1 : head).toString(16)}`, hash: `0x${head.toString(16).padStart(64, '0')}` };
    const log = (i: number) => ({
      address: `0x${'11'.repeat(20)}`, topics: [], data: `0x${'ee'.repeat(size.dataBytes)}`, blockNumber: block.number, blockHash: block.hash,
      transactionHash: `0x${i.toString(16).padStart(64, '0')}`, transactionIndex: '0x0', logIndex: `0x${i.toString(16)}`, removed: false,
    });
    const result = method === 'eth_blockNumber' ? block.number
      : method === 'eth_getBlockByNumber' ? block
        : method === 'eth_getLogs' ? Array.from({ length: size.logsPerRead }, (_, i) => log(i))
          : null;
    return new Response(JSON.stringify({ jsonrpc: '2.0', id, result }), { headers: { 'Content-Type': 'application/json' } });
  });
}

let clock = Date.parse('2026-11-28T12:00:00Z');
/** A request from `origin`; the clock moves on a second, so the request budget never is what stops the flood. */
function later(send: ReturnType<typeof testServices>['send']): typeof send {
  return (origin, request) => {
    clock += 1000;
    vi.setSystemTime(clock);
    return send(origin, request);
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('pages flooding storage.session', () => {
  it('are refused (-32005) long before the quota, so creating the vault, locking and unlocking still work', { timeout: 120_000 }, async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const sessionArea = quotaArea();
    const { services, page, ...built } = testServices(sessionArea);
    const send = later(built.send);
    const refused: string[] = [];
    // Big logs first, then smaller ones to top up what is left, from a page and its subdomain frames, on several sites.
    for (const dataBytes of [32_768, 2048, 128, 1]) {
      stubNode({ logsPerRead: 16, dataBytes });
      for (const site of ['evil.example', 'evil2.example', 'evil3.example', 'evil4.example', 'evil5.example']) {
        for (const origin of [`https://${site}`, `https://a.${site}`, `https://b.${site}`]) {
          for (let filter = 0; filter < 40; filter++) {
            const made = await send(origin, { method: 'eth_newFilter', params: [{}] });
            if (made.error) {
              refused.push(made.error.message);
              break;
            }
            // The read keeps the new block's logs, to take them back after a reorganization.
            const read = await send(origin, { method: 'eth_getFilterChanges', params: [made.result] });
            if (read.error) {
              refused.push(read.error.message);
              break;
            }
          }
        }
      }
    }
    expect(refused.length).toBeGreaterThan(0);
    // The user makes the wallet, locks it and unlocks it from the popup.
    expect(await page('createWallet', { mnemonic: MNEMONIC, password: 'a long password' })).toMatchObject({ result: null });
    expect(await page('lock')).toMatchObject({ result: null });
    expect(await services.vault.isUnlocked()).toBe(false);
    expect(await page('unlock', { password: 'a long password' })).toMatchObject({ result: null });
    expect(await services.vault.isUnlocked()).toBe(true);
    // The pages were told why: a limit of what they may keep, not a failure of the wallet.
    expect(refused.filter((message) => !/more than|has 32 filters/.test(message))).toEqual([]);
    // What pages left leaves the wallet most of the quota.
    expect(sessionArea.used()).toBeLessThan(3 * 1024 * 1024);
  });
});
