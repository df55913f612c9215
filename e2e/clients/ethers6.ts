/**
 * ethers v6's BrowserProvider over window.ethereum, as dapps built on it listen to contract events (window.ethers6Dapp):
 * `contract.on` polls with eth_newFilter + eth_getFilterChanges. Results cross page.evaluate as JSON.
 */
import { BrowserProvider, Contract, type Eip1193Provider } from 'ethers';

const seen: { from: string; to: string; value: string; blockNumber: number }[] = [];

(window as unknown as { ethers6Dapp: unknown }).ethers6Dapp = {
  /** Starts listening to the token's Transfer events; `transfers()` lists what arrived. */
  async watchTransfers(token: string) {
    const ethereum = (window as unknown as { ethereum: Eip1193Provider }).ethereum;
    // `contract.on` resolves before ethers has installed its filter, and a filter hears only blocks after it exists:
    // the caller's next transaction must wait until it does.
    let installed: () => void = () => {};
    const filterInstalled = new Promise<void>((resolve) => (installed = resolve));
    const watched: Eip1193Provider = {
      request: async (request) => {
        const result = await ethereum.request(request);
        if (request.method === 'eth_newFilter') installed();
        return result;
      },
    };
    // Its default, 4 s, would only make the test wait.
    const provider = new BrowserProvider(watched, undefined, { pollingInterval: 100 });
    const contract = new Contract(token, ['event Transfer(address indexed from, address indexed to, uint256 value)'], provider);
    await contract.on('Transfer', (from: string, to: string, value: bigint, event: { log: { blockNumber: number } }) => {
      seen.push({ from, to, value: value.toString(), blockNumber: event.log.blockNumber });
    });
    await filterInstalled;
  },
  transfers: async () => seen,
};
