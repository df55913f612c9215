/**
 * Failover: the devnet's network on two public-like endpoints in front of its node, the first then down (its
 * connections closed unanswered). The read right after it went down tries it first; later ones skip it while it is
 * backed off (1 s, doubling), so each first read gets an endpoint fresh to the wallet.
 */
import { startPublicEndpoint } from '../e2e/fixtures/publicEndpoint';
import type { Dapp } from '../e2e/pages/dapp';
import type { WalletPopup } from '../e2e/pages/wallet';
import { report } from './figures';
import { pageRequest } from './pageRequest';

interface FailoverBench {
  popup: WalletPopup;
  dapp: Dapp;
  /** The devnet's node, which the endpoints stand in front of. */
  nodeUrl: string;
  /** `eth_getBalance`'s params, for the account the page is connected with. */
  balance: unknown[];
  /** Timed calls through the wallet, after a warm-up (provider.ts). */
  times(method: string, params: unknown[]): Promise<number[]>;
}

export async function benchFailover({ popup, dapp, nodeUrl, balance, times }: FailoverBench): Promise<void> {
  // The reads here would overrun the site's request budget (200 at once, 50 a second): each set starts on a full one.
  const budgetRefilled = () => new Promise((resolve) => setTimeout(resolve, 4000));
  const useEndpoints = (urls: string[]) => pageRequest(popup, 'saveNetwork', { chainId: '0x7a69', name: 'Local devnet', rpcUrls: urls, eip7702: true, bundlerUrl: 'http://127.0.0.1:4337/rpc' });
  const second = await startPublicEndpoint(nodeUrl);
  const endpoints = [second];
  try {
    const first = await startPublicEndpoint(nodeUrl);
    endpoints.push(first);
    await useEndpoints([first.url, second.url]);
    await budgetRefilled();
    const bothUp = report('eth_getBalance, first endpoint up', await times('eth_getBalance', balance));
    first.set({ down: true });
    await budgetRefilled();
    report('eth_getBalance, first endpoint down', await times('eth_getBalance', balance), bothUp, 'both up');
    const firstAfterDown: number[] = [];
    for (let i = 0; i < 10; i++) {
      const fresh = await startPublicEndpoint(nodeUrl);
      endpoints.push(fresh);
      await useEndpoints([fresh.url, second.url]);
      fresh.set({ down: true });
      // The very first read since it went down, measured alone (no warm-up).
      const [sample] = await dapp.screen.evaluate(async (params) => {
        const ethereum = (window as unknown as { ethereum: { request(a: unknown): Promise<unknown> } }).ethereum;
        const start = performance.now();
        await ethereum.request({ method: 'eth_getBalance', params });
        return [performance.now() - start];
      }, balance);
      firstAfterDown.push(sample);
    }
    report('  the first read after it went down', firstAfterDown, bothUp, 'both up');
  } finally {
    await pageRequest(popup, 'restoreNetwork', { chainId: '0x7a69' });
    await Promise.all(endpoints.map((e) => e.stop()));
  }
}
