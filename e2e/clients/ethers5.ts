/**
 * ethers v5's Web3Provider over window.ethereum, as dapps built on it run (window.ethers5Dapp). Results cross
 * page.evaluate as JSON (big numbers as decimal strings).
 */
import { ContractFactory, providers, type TypedDataDomain, type TypedDataField } from 'ethers5';

const provider = () => {
  const web3Provider = new providers.Web3Provider((window as unknown as { ethereum: providers.ExternalProvider }).ethereum);
  // Its default, 4 s, would only make the test wait.
  web3Provider.pollingInterval = 100;
  return web3Provider;
};

(window as unknown as { ethers5Dapp: unknown }).ethers5Dapp = {
  connect: () => provider().send('eth_requestAccounts', []),
  async getNetwork() {
    const { chainId, name } = await provider().getNetwork();
    return { chainId, name };
  },
  async getBalance(address: string) {
    return (await provider().getBalance(address)).toString();
  },
  async sendTransaction(to: string, value: string) {
    const sent = await provider().getSigner().sendTransaction({ to, value });
    const receipt = await sent.wait();
    return { hash: sent.hash, status: receipt.status };
  },
  signMessage: (message: string) => provider().getSigner().signMessage(message),
  signTypedData: (domain: TypedDataDomain, types: Record<string, TypedDataField[]>, value: Record<string, unknown>) =>
    provider().getSigner()._signTypedData(domain, types, value),
  /** Deploys the contract, then calls `method(...args)` on it and reads `view(...viewArgs)` back. */
  async deployAndCall(abi: ConstructorParameters<typeof ContractFactory>[0], bytecode: string, method: string, args: unknown[], view: string, viewArgs: unknown[]) {
    const contract = await new ContractFactory(abi, bytecode, provider().getSigner()).deploy();
    await contract.deployed();
    const call = await contract[method](...args);
    await call.wait();
    return { address: contract.address, read: (await contract[view](...viewArgs)).toString() };
  },
};
