/** The devnet's demo dapp page in Firefox, and EIP-1193 calls made from it as a dapp would. */
import type { Browser, Page } from 'puppeteer-core';
import { INPAGE_TARGET } from '../../../src/shared/protocol';
import type { RpcOutcome } from '../../pages/dapp';

export class Dapp {
  constructor(readonly page: Page) {}

  static async open(browser: Browser, url: string): Promise<Dapp> {
    const page = await browser.newPage();
    await page.goto(url);
    return new Dapp(page);
  }

  /** window.ethereum.request from the page; resolves to the result or the error the page received. */
  request(method: string, params?: unknown): Promise<RpcOutcome> {
    return this.page.evaluate(
      async (method, params) => {
        const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
        try {
          return { result: await ethereum.request(params === undefined ? { method } : { method, params }) };
        } catch (e) {
          const error = e as { code: number; message: string; data?: unknown };
          return { error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
        }
      },
      method,
      params,
    );
  }

  async result<T = unknown>(method: string, params?: unknown): Promise<T> {
    const outcome = await this.request(method, params);
    if ('error' in outcome) throw new Error(`${method} failed: ${JSON.stringify(outcome.error)}`);
    return outcome.result as T;
  }

  /** From now on, notes each start of a content script in this page (each says "content-ready"). */
  async watchRelayStarts(): Promise<void> {
    await this.page.evaluate((target) => {
      const w = window as unknown as { relayStarts: number };
      w.relayStarts = 0;
      window.addEventListener('message', (event: MessageEvent) => {
        if (event.source === window && event.data?.target === target && event.data.data?.type === 'content-ready') w.relayStarts += 1;
      });
    }, INPAGE_TARGET);
  }

  async waitForRelayStart(): Promise<void> {
    await this.page.waitForFunction(() => (window as unknown as { relayStarts: number }).relayStarts > 0);
  }

  /** The names the page lists from EIP-6963 announcements, once it lists any. */
  async announcedWallets(): Promise<string[]> {
    await this.page.waitForSelector('#wallets li');
    return this.page.$$eval('#wallets li', (items) => items.map((item) => item.textContent ?? ''));
  }
}
