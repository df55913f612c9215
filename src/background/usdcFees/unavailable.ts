/**
 * Why a fee in USDC is not possible for the account on this network before anything is asked (no bundler, no node
 * call), or undefined: wallet_sendCalls' fee sources (../batches/feeOptions.ts) and the popup's Send quote say the same.
 */
import type { Network } from '../../shared/networks';

export function usdcUnavailable(network: Network, otherCode: boolean, fees: { bundler?: unknown }): string | undefined {
  if (!network.usdcPaymaster) return `No USDC paymaster on ${network.name}`;
  if (!network.eip7702) return `EIP-7702 is not supported on ${network.name}: a fee in USDC needs it`;
  if (otherCode) return 'The account has code that is not one of the wallet’s delegates: a fee in USDC needs one';
  if (!fees.bundler) return `No bundler is set for ${network.name}: a fee in USDC needs one`;
  return undefined;
}
