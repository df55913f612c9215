/** Symbol and decimals of the tokens a preview names, read from the chain once per chain and contract. */
import { cleanText } from '../../shared/displayText';
import type { Hex } from '../../shared/params';
import type { AssetInfo } from '../../shared/preview';
import { abiInterface } from '../abi/abiInterface';
import { decodeExactResult } from '../abi/exactResult';
import type { ChainNode } from '../networks/rpcClient';
import { imitatedToken, isKnownToken } from '../protection/knownTokens';

const TOKEN = abiInterface(['function symbol() view returns (string)', 'function decimals() view returns (uint8)']);
const MAX_SYMBOL = 16;

export type TokenInfoLookup = (node: ChainNode, chainId: Hex, token: Hex, standard: AssetInfo['standard']) => Promise<AssetInfo>;

async function read<T>(node: ChainNode, token: Hex, fn: 'symbol' | 'decimals'): Promise<T | undefined> {
  try {
    const abi = await TOKEN();
    const raw = await node<string>('eth_call', [{ to: token, data: abi.encodeFunctionData(fn) }, 'latest']);
    // A number only as its exact encoding (a uint8 answer of 0x112 is no 18); a symbol as it comes, only ever shown.
    return (fn === 'decimals' ? decodeExactResult(abi, fn, raw) : abi.decodeFunctionResult(fn, raw))[0] as T;
  } catch {
    return undefined;
  }
}

/** A cache in the worker's memory: contracts do not change their symbol, and a restart only costs one read again. */
export function createTokenInfo(): TokenInfoLookup {
  const known = new Map<string, Promise<{ symbol?: string; decimals?: bigint }>>();
  return async (node, chainId, token, standard) => {
    const key = `${chainId} ${token.toLowerCase()}`;
    let reading = known.get(key);
    if (!reading) {
      reading = Promise.all([read<string>(node, token, 'symbol'), read<bigint>(node, token, 'decimals')]).then(([symbol, decimals]) => {
        // Nothing heard (a node that did not answer, or no token there), or an ERC-20's decimals not heard (one failed
        // read would show its amounts in base units until the worker stops): asked again next time, not kept.
        if (decimals === undefined && (symbol === undefined || standard === 'erc20')) known.delete(key);
        return { symbol, decimals };
      });
      known.set(key, reading);
    }
    const { symbol, decimals } = await reading;
    // A contract picks its symbol: nothing in it may hide or reorder what the screen shows.
    const shown = cleanText(symbol ?? '', MAX_SYMBOL) || `${token.slice(0, 6)}…${token.slice(-4)}`;
    // Any contract may call itself "USDC": the screen names the contract unless it is the real one, and flags a copy.
    const imitates = imitatedToken(chainId, { symbol: shown, address: token });
    const counted = decimals !== undefined && decimals <= 36n;
    return {
      token,
      standard,
      symbol: shown,
      // NFTs count whole tokens, whatever the contract says.
      decimals: standard === 'erc20' && counted ? Number(decimals) : 0,
      ...(isKnownToken(chainId, { symbol: shown, address: token }) ? { known: true as const } : {}),
      ...(imitates ? { imitates } : {}),
      // Said on the screen: 1 USDC received would read as 1,000,000 USDC (a node can fail that one read).
      ...(standard === 'erc20' && !counted ? { decimalsUnread: true as const } : {}),
    };
  };
}
