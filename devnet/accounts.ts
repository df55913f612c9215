/** The devnet's funded accounts, derived from the mnemonic exactly as anvil derives them. */
import { HDNodeWallet } from 'ethers';
import { DEVNET_ACCOUNT_COUNT, DEVNET_MNEMONIC } from './constants';

export interface DevnetAccount {
  address: string;
  privateKey: string;
}

export function devnetAccounts(count = DEVNET_ACCOUNT_COUNT): DevnetAccount[] {
  const parent = HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, "m/44'/60'/0'/0");
  return Array.from({ length: count }, (_, index) => {
    const { address, privateKey } = parent.deriveChild(index);
    return { address, privateKey };
  });
}
