/**
 * viem as a real dapp would use it, bundled for the test page (window.viemDapp). Results are made
 * JSON-friendly (bigints as strings) to cross page.evaluate.
 */
import { createPublicClient, createWalletClient, custom, defineChain, parseAbiItem, type EIP1193Provider, type Hex } from 'viem';
import { getCallsStatus, getCapabilities, sendCalls, sendTransaction, signMessage, signTypedData } from 'viem/actions';
import { erc7811Actions, erc7846Actions } from 'viem/experimental';

const devnet = defineChain({
  id: 31337,
  name: 'Local devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});

const client = () => createWalletClient({ chain: devnet, transport: custom((window as unknown as { ethereum: EIP1193Provider }).ethereum) });
const publicClient = () => createPublicClient({ chain: devnet, pollingInterval: 100, transport: custom((window as unknown as { ethereum: EIP1193Provider }).ethereum) });
/** What viem's watchers heard: block numbers, and Transfer recipients with their values. */
const watched = { blocks: [] as string[], transfers: [] as { to: string; value: string }[] };
const plain = (value: unknown) => JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));

(window as unknown as { viemDapp: unknown }).viemDapp = {
  /** watchBlockNumber and watchContractEvent over the injected provider, as a dapp keeps its views current. */
  watch(token: Hex) {
    publicClient().watchBlockNumber({ onBlockNumber: (n) => void watched.blocks.push(n.toString()) });
    publicClient().watchContractEvent({
      address: token,
      abi: [parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')],
      eventName: 'Transfer',
      onLogs: (logs) => logs.forEach((log) => watched.transfers.push({ to: log.args.to!, value: log.args.value!.toString() })),
    });
  },
  watched: async () => watched,
  async getCapabilities(account: Hex) {
    return plain(await getCapabilities(client(), { account }));
  },
  async sendCalls(account: Hex, calls: { to: Hex; value?: string; data?: Hex }[], forceAtomic: boolean) {
    const result = await sendCalls(client(), {
      account,
      forceAtomic,
      calls: calls.map((c) => ({ to: c.to, data: c.data, value: c.value === undefined ? undefined : BigInt(c.value) })),
    });
    return plain(result);
  },
  async getCallsStatus(id: string) {
    return plain(await getCallsStatus(client(), { id }));
  },
  sendTransaction(account: Hex, to: Hex, value: string) {
    return sendTransaction(client(), { account, to, value: BigInt(value) });
  },
  signMessage(account: Hex, message: string) {
    return signMessage(client(), { account, message });
  },
  signTypedData(account: Hex, typedData: Parameters<typeof signTypedData>[1]) {
    return signTypedData(client(), { ...typedData, account });
  },
  async getAssets(account: Hex) {
    return plain(await client().extend(erc7811Actions()).getAssets({ account, aggregate: false }));
  },
  /** ERC-7846 wallet_connect with sign-in, as viem's experimental connect action sends it (chainId as a number, times as Dates). */
  async connectWithSignIn(signIn: { nonce: string; chainId: number; statement?: string; expirationTime?: string }) {
    const { expirationTime, ...rest } = signIn;
    const capabilities = { unstable_signInWithEthereum: { ...rest, ...(expirationTime && { expirationTime: new Date(expirationTime) }) } };
    return plain(await client().extend(erc7846Actions()).connect({ capabilities }));
  },
  async disconnect() {
    await client().extend(erc7846Actions()).disconnect();
    return null;
  },
};
