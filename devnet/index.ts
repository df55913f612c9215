/**
 * The whole local devnet in one call: anvil, the deployed contracts, the ERC-4337 bundler (Alto), the ERC-7677
 * paymaster service, the demo dapp server, and the Ledger Ethereum app's emulator (ledgerEmulator/).
 */
import { JsonRpcProvider, Wallet } from 'ethers';
import { devnetAccounts, type DevnetAccount } from './accounts';
import { startAnvil } from './anvil';
import { startBundler } from './bundler';
import { CHAIN_ID, DEFAULT_BUNDLER_PORT, DEFAULT_DAPP_PORT, DEFAULT_LEDGER_EMULATOR_PORT, DEFAULT_PAYMASTER_PORT, DEFAULT_RPC_PORT, DEVNET_POLICY_FILE, PAYMASTER_SIGNER } from './constants';
import { deployContracts, fundBundlerWallets, type DevnetAddresses } from './deploy';
import { deployDelegationFramework } from './delegationFramework';
import { startLedgerEmulator } from './ledgerEmulator/server';
import { deployRegistryStandIns } from './registryStandIns';
import { startPaymasterService } from '../paymaster/server';
import { startDappServer } from './server';

export type { DevnetAccount } from './accounts';
export type { DevnetAddresses } from './deploy';

export interface Devnet {
  rpcUrl: string;
  dappUrl: string;
  /** Alto's JSON-RPC endpoint (eth_sendUserOperation, eth_estimateUserOperationGas, …), http://127.0.0.1:4337/rpc by default. */
  bundlerUrl: string;
  /** The ERC-7677 paymaster service's JSON-RPC endpoint, http://127.0.0.1:3000/rpc by default. */
  paymasterUrl: string;
  /**
   * The Ledger Ethereum app's emulator, http://127.0.0.1:4191 by default: `POST /apdu`, and `GET`/`POST /state` to read
   * and set the device's state (devnet/ledgerEmulator/state.ts); the devnet build's pages use it in place of WebHID.
   */
  ledgerEmulatorUrl: string;
  chainId: typeof CHAIN_ID;
  addresses: DevnetAddresses;
  /** The first 10 accounts of the devnet mnemonic, each funded with 10,000 ETH by anvil. */
  accounts: DevnetAccount[];
  /** Stops the paymaster service, the dapp server, the bundler, the Ledger emulator and anvil; resolves once all are down. */
  stop(): Promise<void>;
}

export interface DevnetOptions {
  rpcPort?: number;
  dappPort?: number;
  bundlerPort?: number;
  paymasterPort?: number;
  ledgerEmulatorPort?: number;
  /** Receives the paymaster service's log lines (one per sponsorship decision); silent when absent. */
  paymasterLog?: (line: string) => void;
}

export async function startDevnet({
  rpcPort = DEFAULT_RPC_PORT,
  dappPort = DEFAULT_DAPP_PORT,
  bundlerPort = DEFAULT_BUNDLER_PORT,
  paymasterPort = DEFAULT_PAYMASTER_PORT,
  ledgerEmulatorPort = DEFAULT_LEDGER_EMULATOR_PORT,
  paymasterLog,
}: DevnetOptions = {}): Promise<Devnet> {
  const anvil = await startAnvil({ port: rpcPort });
  // With 0.2 s blocks, ethers' defaults are too slow: it polls every 4 s and reuses identical replies for 250 ms
  // (a pending nonce read right after a receipt would come from that cache, stale: "nonce too low").
  const provider = new JsonRpcProvider(anvil.rpcUrl, CHAIN_ID, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
  // Whatever started is stopped in reverse order; anvil last, since the others talk to it.
  const running: { stop(): Promise<void> }[] = [anvil, { stop: async () => provider.destroy() }];
  const stopAll = async () => {
    for (const service of [...running].reverse()) await service.stop();
  };
  try {
    const ledgerEmulator = await startLedgerEmulator({ port: ledgerEmulatorPort });
    running.push(ledgerEmulator);
    const accounts = devnetAccounts();
    const [addresses] = await Promise.all([deployContracts(provider, accounts), fundBundlerWallets(provider), deployDelegationFramework(provider), deployRegistryStandIns(provider)]);
    const started = await Promise.allSettled([
      startBundler({ rpcUrl: anvil.rpcUrl, port: bundlerPort }),
      startPaymasterService({
        port: paymasterPort, rpcUrl: anvil.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, policy: DEVNET_POLICY_FILE,
        paymaster: addresses.verifyingPaymaster, entryPoint: addresses.entryPoint, log: paymasterLog,
      }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') running.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const [bundler, paymaster] = started.map((result) => (result as PromiseFulfilledResult<{ url: string }>).value);
    const server = await startDappServer({
      port: dappPort,
      info: { chainId: CHAIN_ID, rpcUrl: anvil.rpcUrl, bundlerUrl: bundler.url, paymasterUrl: paymaster.url, addresses, accounts: accounts.map((a) => a.address) },
      txSigner: new Wallet(accounts[9].privateKey, provider),
      txRecipient: accounts[8].address,
    });
    running.push(server);
    return {
      rpcUrl: anvil.rpcUrl,
      dappUrl: server.url,
      bundlerUrl: bundler.url,
      paymasterUrl: paymaster.url,
      ledgerEmulatorUrl: ledgerEmulator.url,
      chainId: CHAIN_ID,
      addresses,
      accounts,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
