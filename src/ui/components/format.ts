import { formatEther } from 'ethers';

export const shortAddress = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** Wei as ETH text, exact (no floating point). */
export const ether = (wei: string | bigint): string => formatEther(wei);
