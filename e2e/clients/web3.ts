/**
 * web3.js v4 over window.ethereum, as dapps built on it run (window.web3Dapp); bigints cross as decimal strings. Its
 * subscriptions go through eth_subscribe and the provider's EIP-1193 `message` events.
 */
import { Web3 } from 'web3';

const web3 = () => new Web3((window as unknown as { ethereum: ConstructorParameters<typeof Web3>[0] }).ethereum);

type Subscription = Awaited<ReturnType<ReturnType<typeof web3>['eth']['subscribe']>>;
/** One web3 for the subscriptions, as a dapp keeps one; what each subscription received, by the name the test gave it. */
let listening: ReturnType<typeof web3> | undefined;
const subscriptions: Record<string, { subscription: Subscription; received: unknown[] }> = {};
const plain = (value: unknown) => JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));

(window as unknown as { web3Dapp: unknown }).web3Dapp = {
  requestAccounts: () => web3().eth.requestAccounts(),
  async getChainId() {
    return (await web3().eth.getChainId()).toString();
  },
  async sendTransaction(from: string, to: string, value: string) {
    const receipt = await web3().eth.sendTransaction({ from, to, value });
    return { hash: receipt.transactionHash, status: receipt.status.toString() };
  },
  personalSign: (message: string, from: string) => web3().eth.personal.sign(message, from, ''),
  signTypedData: (from: string, typedData: Parameters<Web3['eth']['signTypedData']>[1]) => web3().eth.signTypedData(from, typedData),
  /** web3.eth.subscribe('newBlockHeaders') or ('logs', filter), under `name`; `received(name)` lists what came. */
  async subscribe(name: string, kind: 'newBlockHeaders' | 'logs', filter?: { address: string; topics?: string[] }) {
    listening ??= web3();
    const subscription = kind === 'logs' ? await listening.eth.subscribe('logs', filter) : await listening.eth.subscribe('newBlockHeaders');
    const received: unknown[] = [];
    subscription.on('data', (data: unknown) => void received.push(plain(data)));
    subscriptions[name] = { subscription, received };
    return subscription.id;
  },
  received: async (name: string) => subscriptions[name].received,
  unsubscribe: (name: string) => subscriptions[name].subscription.unsubscribe(),
};
