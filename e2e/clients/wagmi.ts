/**
 * @wagmi/core with the injected connector found through EIP-6963 (window.wagmiDapp), as wagmi dapps connect: the
 * wallet by its announced rdns. Results cross page.evaluate as JSON (bigints as decimal strings).
 */
import { connect, createConfig, getAccount, getCallsStatus, getConnectors, http, sendCalls, signTypedData, watchAsset } from '@wagmi/core';
import { defineChain, type Address, type Hex } from 'viem';

const devnet = defineChain({
  id: 31337,
  name: 'Local devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
});

const config = createConfig({ chains: [devnet], transports: { [devnet.id]: http() }, multiInjectedProviderDiscovery: true });
const plain = (value: unknown) => JSON.parse(JSON.stringify(value, (_key, v) => (typeof v === 'bigint' ? v.toString() : v)));

(window as unknown as { wagmiDapp: unknown }).wagmiDapp = {
  /** The connectors wagmi discovered: EIP-6963 ones carry the wallet's rdns as their id. */
  connectors: () => getConnectors(config).map(({ id, name, type }) => ({ id, name, type })),
  async connect(rdns: string) {
    const connector = getConnectors(config).find((c) => c.id === rdns);
    if (!connector) throw new Error(`no connector ${rdns}`);
    return plain(await connect(config, { connector }));
  },
  account: () => {
    const { address, chainId, status, connector } = getAccount(config);
    return { address, chainId, status, connector: connector?.name };
  },
  async sendCalls(calls: { to: Address; value?: string; data?: Hex }[]) {
    return plain(await sendCalls(config, { calls: calls.map((c) => ({ to: c.to, data: c.data, value: c.value === undefined ? undefined : BigInt(c.value) })) }));
  },
  async getCallsStatus(id: string) {
    return plain(await getCallsStatus(config, { id }));
  },
  signTypedData: (typedData: Parameters<typeof signTypedData>[1]) => signTypedData(config, typedData),
  watchAsset: (address: Address, symbol: string, decimals: number) => watchAsset(config, { type: 'ERC20', options: { address, symbol, decimals } }),
};
