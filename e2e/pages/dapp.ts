/** The devnet's demo dapp page, and EIP-1193 calls made from it as a dapp would. */
import { INPAGE_TARGET } from '../../src/shared/protocol';
import type { BrowserSession, Screen } from '../driver/types';
import { clientBundle, type Client } from '../fixtures/clients';

export type RpcOutcome = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

/** What the demo page prints after one of its buttons: the action, and its result or error. */
export type Output = { action: string; status: 'ok' | 'error'; result?: unknown; error?: { code: number; message: string; data?: unknown } };

type Ethereum = { request(a: unknown): Promise<unknown>; on(e: string, l: (d: unknown) => void): void; isConnected(): boolean };

export class Dapp {
  constructor(
    readonly screen: Screen,
    readonly origin: string,
  ) {}

  static async open(session: BrowserSession, url: string): Promise<Dapp> {
    return new Dapp(await session.openPage(url), new URL(url).origin);
  }

  /**
   * window.ethereum.request from a frame of this page that loads the dapp server's frame.html from `frameOrigin`,
   * `sandboxed` (an opaque origin) or not; resolves to what that frame's provider answered.
   */
  async frameRequest(frameOrigin: string, sandboxed: boolean, method: string, params?: unknown): Promise<RpcOutcome> {
    const name = `frame ${Math.random()}`;
    await this.sendFromFrame(name, `${frameOrigin}/frame.html`, sandboxed, method, params);
    return this.outcome(name);
  }

  /**
   * window.ethereum.request from a frame of this page at `src` (a page like the dapp server's frame.html), not waited
   * for: `outcome(name)`, as `send`.
   */
  async sendFromFrame(name: string, src: string, sandboxed: boolean, method: string, params?: unknown): Promise<void> {
    await this.screen.evaluate(
      async ([name, src, sandboxed, method, params]) => {
        const outcomes = ((window as unknown as { outcomes?: Record<string, RpcOutcome | undefined> }).outcomes ??= {});
        outcomes[name] = undefined;
        const frame = document.createElement('iframe');
        if (sandboxed) frame.setAttribute('sandbox', 'allow-scripts');
        frame.src = src;
        const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
        document.body.append(frame);
        await loaded;
        const id = Math.random().toString(36);
        window.addEventListener('message', (event) => {
          if (event.source === frame.contentWindow && event.data?.id === id) outcomes[name] = event.data;
        });
        frame.contentWindow!.postMessage({ id, method, params }, '*');
      },
      [name, src, sandboxed, method, params] as const,
    );
  }

  /**
   * window.ethereum.request from the page; resolves to the result or the error the page received. `sentAt`: a global
   * of the page where it notes when it made the call (performance.timeOrigin + now()), for the bench.
   */
  request(method: string, params?: unknown, sentAt?: string): Promise<RpcOutcome> {
    return this.screen.evaluate(
      async ([method, params, sentAt]) => {
        const ethereum = (window as unknown as { ethereum: Ethereum }).ethereum;
        if (sentAt !== undefined) (window as unknown as Record<string, number>)[sentAt] = performance.timeOrigin + performance.now();
        try {
          return { result: await ethereum.request(params === undefined ? { method } : { method, params }) };
        } catch (e) {
          const error = e as { code: number; message: string; data?: unknown };
          return { error: { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) } };
        }
      },
      [method, params, sentAt] as const,
    );
  }

  /**
   * window.ethereum.request from the page, its promise kept by the page as `name`, not by this call: it outlives the
   * page's stay in the back/forward cache, where a test's call into the page would have failed. `outcome(name)`.
   */
  async send(name: string, method: string, params?: unknown): Promise<void> {
    await this.screen.evaluate(
      ([name, method, params]) => {
        const w = window as unknown as { ethereum: Ethereum; outcomes?: Record<string, RpcOutcome | undefined> };
        const outcomes = (w.outcomes ??= {});
        outcomes[name] = undefined;
        w.ethereum.request({ method, params }).then(
          (result) => (outcomes[name] = { result }),
          (e: { code: number; message: string }) => (outcomes[name] = { error: { code: e.code, message: e.message } }),
        );
      },
      [name, method, params] as const,
    );
  }

  /** What the request `send` made as `name` settled to, once it did. */
  outcome(name: string): Promise<RpcOutcome> {
    return this.screen.waitForFunction((name) => (window as unknown as { outcomes: Record<string, RpcOutcome | undefined> }).outcomes[name], name) as Promise<RpcOutcome>;
  }

  /** `count` of the same request at once from the page; the error codes the page received (0 for a result), in order. */
  requestAtOnce(count: number, method: string, params?: unknown): Promise<number[]> {
    return this.screen.evaluate(
      async ([count, method, params]) => {
        const ethereum = (window as unknown as { ethereum: Ethereum }).ethereum;
        const one = () => ethereum.request(params === undefined ? { method } : { method, params }).then(() => 0, (e: { code: number }) => e.code);
        return Promise.all(Array.from({ length: count }, one));
      },
      [count, method, params] as const,
    );
  }

  async result<T = unknown>(method: string, params?: unknown): Promise<T> {
    const outcome = await this.request(method, params);
    if ('error' in outcome) throw new Error(`${method} failed: ${JSON.stringify(outcome.error)}`);
    return outcome.result as T;
  }

  /** Starts recording a provider event; `events()` returns what arrived. */
  async record(event: string): Promise<void> {
    await this.screen.evaluate((event) => {
      const w = window as unknown as { ethereum: Ethereum; recorded?: Record<string, unknown[]> };
      w.recorded ??= {};
      w.recorded[event] = [];
      w.ethereum.on(event, (data) => w.recorded![event].push(data));
    }, event);
  }

  events(event: string): Promise<unknown[]> {
    return this.screen.evaluate((event) => (window as unknown as { recorded: Record<string, unknown[]> }).recorded[event], event);
  }

  /** From now on, notes each pageshow of this page, and whether the browser restored the page from the back/forward cache. */
  async watchPageShows(): Promise<void> {
    await this.screen.evaluate(() => {
      const w = window as unknown as { pageShows: boolean[] };
      w.pageShows = [];
      window.addEventListener('pageshow', (event) => w.pageShows.push(event.isTrusted && event.persisted));
    }, undefined);
  }

  /**
   * For each pageshow since watchPageShows, whether it was the browser's own and restored the page from the cache; and
   * the reasons the browser gives for the last back or forward navigation not restoring it (Chromium's
   * notRestoredReasons, none in Firefox), to say why a test that needed the cache did not get it.
   */
  pageShows(): Promise<{ persisted: boolean[]; notRestored: unknown }> {
    return this.screen.evaluate(() => {
      const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming & { notRestoredReasons?: unknown };
      return { persisted: (window as unknown as { pageShows: boolean[] }).pageShows, notRestored: entry?.notRestoredReasons ?? null };
    }, undefined);
  }

  isConnected(): Promise<boolean> {
    return this.screen.evaluate(() => (window as unknown as { ethereum: Ethereum }).ethereum.isConnected(), undefined);
  }

  /** The names the page lists from EIP-6963 announcements, once it lists any. */
  announcedWallets(): Promise<string[]> {
    return this.screen.waitForFunction(() => {
      const names = [...document.querySelectorAll('#wallets li')].map((item) => item.textContent ?? '');
      return names.length > 0 && names;
    }, undefined) as Promise<string[]>;
  }

  /** Asks for EIP-6963 announcements again; the first answer's info, and whether its provider is window.ethereum. */
  announcement(): Promise<{ info: Record<string, string>; sameAsWindow: boolean }> {
    return this.screen.evaluate(
      () =>
        new Promise<{ info: Record<string, string>; sameAsWindow: boolean }>((resolve) => {
          window.addEventListener('eip6963:announceProvider', (event) => {
            const { info, provider } = (event as CustomEvent).detail;
            resolve({ info, sameAsWindow: provider === (window as unknown as { ethereum: unknown }).ethereum });
          });
          window.dispatchEvent(new Event('eip6963:requestProvider'));
        }),
      undefined,
    );
  }

  /** Clicks one of the demo's buttons ("Watch TST"); `output(action)` has its reply. */
  press(button: string): Promise<void> {
    return this.screen.click(button);
  }

  /** What the page printed for `action` ("watch-asset", the button's id), once the reply is in. */
  output(action: string): Promise<Output> {
    return this.screen.waitForFunction((action) => {
      const output = document.getElementById('output')!;
      if (output.dataset.status === 'pending' || !output.textContent) return false;
      const printed = JSON.parse(output.textContent) as { action: string };
      return printed.action === action && { ...printed, status: output.dataset.status };
    }, action) as Promise<Output>;
  }

  /** Loads a client library's bundle (e2e/clients/<client>.ts) into the page, as a real dapp loads it. */
  loadClient(client: Client): Promise<void> {
    return this.screen.addScript(clientBundle(client));
  }

  /** One of window.<client>Dapp's functions, with JSON-friendly arguments and result. */
  client<T = unknown>(client: Client, fn: string, ...args: unknown[]): Promise<T> {
    return this.screen.evaluate(
      ([name, fn, args]) => (window as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>)[name][fn](...args),
      [`${client}Dapp`, fn, args] as const,
    ) as Promise<T>;
  }

  loadViem(): Promise<void> {
    return this.loadClient('viem');
  }

  viem<T = unknown>(fn: string, ...args: unknown[]): Promise<T> {
    return this.client<T>('viem', fn, ...args);
  }

  /** From now on, notes each start of a content script in this page (each says "content-ready"). */
  async watchRelayStarts(): Promise<void> {
    await this.screen.evaluate((target) => {
      const w = window as unknown as { relayStarts: number };
      w.relayStarts = 0;
      window.addEventListener(target, (event) => {
        const detail = (event as CustomEvent<unknown>).detail;
        if (typeof detail === 'string' && (JSON.parse(detail) as { type?: string }).type === 'content-ready') w.relayStarts += 1;
      });
    }, INPAGE_TARGET);
  }

  async waitForRelayStart(): Promise<void> {
    await this.screen.waitForFunction(() => (window as unknown as { relayStarts: number }).relayStarts > 0, undefined);
  }
}
