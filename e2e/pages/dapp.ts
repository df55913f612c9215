/** The devnet's demo dapp page, and EIP-1193 calls made from it as a dapp would. */
import type { Page } from '@playwright/test';

export type RpcOutcome = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

export class Dapp {
  constructor(readonly page: Page) {}

  /** window.ethereum.request from the page; resolves to the result or the error the page received. */
  request(method: string, params?: unknown): Promise<RpcOutcome> {
    return this.page.evaluate(
      async ([method, params]) => {
        const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
        try {
          return { result: await ethereum.request(params === undefined ? { method } : { method, params }) };
        } catch (e) {
          const error = e as { code: number; message: string; data?: unknown };
          return { error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
        }
      },
      [method, params] as const,
    );
  }

  async result<T = unknown>(method: string, params?: unknown): Promise<T> {
    const outcome = await this.request(method, params);
    if ('error' in outcome) throw new Error(`${method} failed: ${JSON.stringify(outcome.error)}`);
    return outcome.result as T;
  }

  /** Starts recording a provider event; `events()` returns what arrived. */
  async record(event: string): Promise<void> {
    await this.page.evaluate((event) => {
      const w = window as unknown as { ethereum: { on(e: string, l: (d: unknown) => void): void }; recorded?: Record<string, unknown[]> };
      w.recorded ??= {};
      w.recorded[event] = [];
      w.ethereum.on(event, (data) => w.recorded![event].push(data));
    }, event);
  }

  events(event: string): Promise<unknown[]> {
    return this.page.evaluate((event) => (window as unknown as { recorded: Record<string, unknown[]> }).recorded[event], event);
  }
}
