/** What the approval window shows of wallet_watchAsset: a token, or a collectible. */
import type { Collectible } from '../collectibles';
import type { Hex } from '../params';
import type { ImitatedToken, Token } from '../tokens';

export interface WatchAssetDetails {
  account: Hex;
  chainId: Hex;
  networkName: string;
  /** As the contract describes it, with the account's balance. */
  token: Token & { balance: string };
  requested: { symbol: string; decimals: number };
  /** The token uses a well-known token's symbol on this chain but is another contract. */
  imitates?: ImitatedToken;
}

/** wallet_watchAsset of an ERC-721 or ERC-1155 token: as the contract describes it, with how many the account holds. */
export interface WatchCollectibleDetails {
  account: Hex;
  chainId: Hex;
  networkName: string;
  collectible: Collectible & { balance: string };
}

/** The dapp's decimals must match the contract's (the Add button stays disabled); a different symbol only warns. */
export const watchAssetMismatch = ({ token, requested }: WatchAssetDetails): { symbol: boolean; decimals: boolean } => ({
  symbol: token.symbol !== requested.symbol,
  decimals: token.decimals !== requested.decimals,
});
