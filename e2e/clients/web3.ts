/** web3.js v4 over window.ethereum, as dapps built on it run (window.web3Dapp); bigints cross as decimal strings. */
import { Web3 } from 'web3';

const web3 = () => new Web3((window as unknown as { ethereum: ConstructorParameters<typeof Web3>[0] }).ethereum);

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
};
