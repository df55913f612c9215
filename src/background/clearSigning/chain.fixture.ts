/** A node for the review tests: code by address (and which had none a week ago), and ERC-20 tokens by address. */
import { AbiCoder, Interface, toQuantity } from 'ethers';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';

const ERC20 = new Interface(['function symbol() view returns (string)', 'function name() view returns (string)', 'function decimals() view returns (uint8)', 'function balanceOf(address) view returns (uint256)']);
export const MAINNET: Network = { chainId: '0x1', name: 'Ethereum', rpcUrls: ['http://node.test'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, builtIn: true, eip7702: true, entryPointV08: true, fastBlocks: false };
export const NOW = Date.UTC(2024, 11, 1);
export const CODE = '0x6080';

export interface Chain {
  /** Code now, by lowercase address; absent is no code. */
  code: Record<string, string>;
  /** Addresses that had no code a week ago. */
  recent?: string[];
  tokens?: Record<string, { symbol: string; decimals: number; balance: bigint }>;
}

export function fakeNode(chain: Chain): ChainNode {
  const node = async (method: string, params: unknown[] = []): Promise<unknown> => {
    const [first, second] = params as [unknown, unknown];
    if (method === 'eth_getBlockByNumber') return first === 'latest' ? { number: toQuantity(20_000_000), timestamp: toQuantity(NOW / 1000) } : { number: first, timestamp: toQuantity(NOW / 1000 - 12_000) };
    if (method === 'eth_getCode') {
      const address = String(first).toLowerCase();
      const then = second !== 'latest' && second !== 'pending';
      return then && chain.recent?.includes(address) ? '0x' : chain.code[address] ?? '0x';
    }
    if (method === 'eth_call') {
      const { to, data } = first as { to: string; data: Hex };
      const token = chain.tokens?.[to.toLowerCase()];
      if (!token) return '0x';
      const fn = ERC20.parseTransaction({ data })?.name;
      const value = fn === 'symbol' ? token.symbol : fn === 'name' ? token.symbol : fn === 'decimals' ? token.decimals : token.balance;
      return AbiCoder.defaultAbiCoder().encode([fn === 'symbol' || fn === 'name' ? 'string' : 'uint256'], [value]);
    }
    throw new Error(`unexpected ${method}`);
  };
  return node as ChainNode;
}
