/** The call that moves an asset: a plain value transfer of the network's coin, or an ERC-20 `transfer`. */
import { Interface } from 'ethers';
import type { Hex } from '../../../shared/params';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);

export interface Asset {
  /** Absent for the network's own coin. */
  token?: Hex;
  symbol: string;
  decimals: number;
}

export function transferCall(asset: Asset, recipient: Hex, units: bigint): { to: Hex; value: Hex; data: Hex } {
  if (!asset.token) return { to: recipient, value: `0x${units.toString(16)}`, data: '0x' };
  return { to: asset.token, value: '0x0', data: ERC20.encodeFunctionData('transfer', [recipient, units]) as Hex };
}
