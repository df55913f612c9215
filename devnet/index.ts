/** The whole local devnet in one call: anvil, the deployed contracts, and the demo dapp server. */
import { JsonRpcProvider, Wallet } from 'ethers';
import { devnetAccounts, type DevnetAccount } from './accounts';
import { startAnvil } from './anvil';
import { CHAIN_ID, DEFAULT_DAPP_PORT, DEFAULT_RPC_PORT } from './constants';
import { deployContracts, type DevnetAddresses } from './deploy';
import { startDappServer } from './server';

export type { DevnetAccount } from './accounts';
export type { DevnetAddresses } from './deploy';

export interface Devnet {
  rpcUrl: string;
  dappUrl: string;
  chainId: typeof CHAIN_ID;
  addresses: DevnetAddresses;
  /** The first 10 accounts of the devnet mnemonic, each funded with 10,000 ETH by anvil. */
  accounts: DevnetAccount[];
  /** Stops the dapp server and anvil; resolves once both are down. */
  stop(): Promise<void>;
}

export async function startDevnet({ rpcPort = DEFAULT_RPC_PORT, dappPort = DEFAULT_DAPP_PORT }: { rpcPort?: number; dappPort?: number } = {}): Promise<Devnet> {
  const anvil = await startAnvil({ port: rpcPort });
  // With 0.2 s blocks, ethers' defaults are too slow: it polls every 4 s and reuses identical replies for 250 ms
  // (a pending nonce read right after a receipt would come from that cache, stale: "nonce too low").
  const provider = new JsonRpcProvider(anvil.rpcUrl, CHAIN_ID, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
  const shutdown = async () => {
    provider.destroy();
    await anvil.stop();
  };
  try {
    const accounts = devnetAccounts();
    const addresses = await deployContracts(provider, accounts);
    const server = await startDappServer({
      port: dappPort,
      info: { chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl, addresses, accounts: accounts.map((a) => a.address) },
      txSigner: new Wallet(accounts[9].privateKey, provider),
      txRecipient: accounts[8].address,
    });
    return {
      rpcUrl: anvil.rpcUrl,
      dappUrl: server.url,
      chainId: CHAIN_ID,
      addresses,
      accounts,
      stop: async () => {
        await server.stop();
        await shutdown();
      },
    };
  } catch (error) {
    await shutdown();
    throw error;
  }
}
