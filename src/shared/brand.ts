export const WALLET_NAME = 'Batch Wallet';
export const WALLET_RDNS = 'dev.batchwallet';
/** The same icon the extension ships, inlined as a data URI as EIP-6963 requires. */
export const WALLET_ICON =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 96 96'%3E%3Crect width='96' height='96' rx='20' fill='%23233dff'/%3E%3Cpath d='M24 30h48v10H24zm0 14h48v10H24zm0 14h48v10H24z' fill='%23fff'/%3E%3C/svg%3E";
