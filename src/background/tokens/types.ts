import type { Hex } from '../../shared/params';

/** A token on an account's watch list. Symbol and decimals are the contract's own, not what the dapp said. */
export interface WatchedToken {
  /** Checksummed. */
  address: Hex;
  symbol: string;
  name?: string;
  decimals: number;
  /** An https: or data: URL the wallet's pages show as an <img>; the background never fetches it. */
  image?: string;
  addedAt: number;
}
