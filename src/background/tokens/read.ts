/** Reads an ERC-20 token from the chain (eth_call at `pending`): what the contract says it is, and a balance. */
import type { Interface } from 'ethers';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { MAX_DECIMALS, invalidAsset } from '../../shared/schemas/watchAsset';
import type { Token } from '../../shared/tokens';
import { decodeBytes32Text } from '../../shared/utf8';
import { abiInterface } from '../abi/abiInterface';
import { decodeExactResult } from '../abi/exactResult';
import type { ChainNode } from '../networks/rpcClient';

const ERC20 = abiInterface([
  'function symbol() view returns (string)',
  'function name() view returns (string)',
  'function decimals() view returns (uint8)',
  'function balanceOf(address account) view returns (uint256)',
]);
/** Early tokens (MKR, SAI) return their symbol and name as bytes32. */
const ERC20_BYTES32 = abiInterface(['function symbol() view returns (bytes32)', 'function name() view returns (bytes32)']);
/** A contract's strings are shown in the wallet: anything longer is cut. */
const MAX_TEXT = 64;

/** What the contract says, and the account's balance in the token's smallest unit at `pending`. */
export interface TokenRead {
  token: Token;
  balance: bigint;
}

/** The call's result, or undefined when the contract reverts or answers nothing; an unreachable node is still an error. */
async function tryCall(node: ChainNode, to: Hex, data: string): Promise<string | undefined> {
  try {
    const result = await node<string>('eth_call', [{ to, data }, 'pending']);
    return result === '0x' ? undefined : result;
  } catch (error) {
    if (error instanceof RpcError && error.code === ErrorCode.chainDisconnected) throw error;
    return undefined;
  }
}

/** The two interfaces a token is read with. */
interface TokenAbi {
  erc20: Interface;
  bytes32: Interface;
}

/**
 * A number read only from its exact encoding (decodeExactResult): ethers masks a uint8's high bits, so decimals() of
 * 0x112 would be kept as 18 and every amount shown by it. Undefined, as for a failed call, for anything else.
 */
function number({ erc20 }: TokenAbi, fn: 'decimals' | 'balanceOf', raw: string | undefined): bigint | undefined {
  if (raw === undefined) return undefined;
  try {
    return decodeExactResult(erc20, fn, raw)[0] as bigint;
  } catch {
    return undefined;
  }
}

/** The first output read as it comes, undefined when it cannot be (a string not UTF-8 fails only when read: read here). */
function firstOf(abi: Interface, fn: 'symbol' | 'name', raw: string): unknown {
  try {
    return abi.decodeFunctionResult(fn, raw)[0];
  } catch {
    return undefined;
  }
}

function bytes32Text(word: unknown): string | undefined {
  try {
    return typeof word === 'string' ? decodeBytes32Text(word) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A string, or a bytes32 (MKR-style), read as it comes rather than exactly: only bytes the contract answered are shown,
 * in whatever layout, and a token whose compiler padded oddly keeps its symbol.
 */
function text(abi: TokenAbi, fn: 'symbol' | 'name', raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const value = (firstOf(abi.erc20, fn, raw) as string | undefined) ?? bytes32Text(firstOf(abi.bytes32, fn, raw));
  const trimmed = value?.trim().slice(0, MAX_TEXT);
  return trimmed ? trimmed : undefined;
}

/** The token's balance of `account` at `pending`. */
export async function readBalance(node: ChainNode, token: Hex, account: Hex): Promise<bigint> {
  const erc20 = await ERC20();
  const raw = await node<string>('eth_call', [{ to: token, data: erc20.encodeFunctionData('balanceOf', [account]) }, 'pending']);
  return decodeExactResult(erc20, 'balanceOf', raw)[0] as bigint;
}

/**
 * Reads symbol(), decimals(), name() (optional) and balanceOf(account). -32602 when the address has no code or the
 * contract does not answer like an ERC-20 token; `field` and `where` name the address and the network in the message.
 */
export async function readToken(node: ChainNode, address: Hex, account: Hex, field: string, where: string): Promise<TokenRead> {
  const code = await node<string>('eth_getCode', [address, 'pending']);
  if (code === '0x') throw invalidAsset(`${field} ${address} is not a contract on ${where}: it has no code`);
  const [erc20, bytes32] = await Promise.all([ERC20(), ERC20_BYTES32()]);
  const abi = { erc20, bytes32 };
  const [symbolRaw, nameRaw, decimalsRaw, balanceRaw] = await Promise.all([
    tryCall(node, address, erc20.encodeFunctionData('symbol')),
    tryCall(node, address, erc20.encodeFunctionData('name')),
    tryCall(node, address, erc20.encodeFunctionData('decimals')),
    tryCall(node, address, erc20.encodeFunctionData('balanceOf', [account])),
  ]);
  const notErc20 = (why: string) => invalidAsset(`${field} ${address} on ${where} is not an ERC-20 token: ${why}`);
  const symbol = text(abi, 'symbol', symbolRaw);
  if (symbol === undefined) throw notErc20('symbol() did not return a string');
  const decimals = number(abi, 'decimals', decimalsRaw);
  if (decimals === undefined) throw notErc20('decimals() did not return a number');
  if (decimals > BigInt(MAX_DECIMALS)) throw notErc20(`decimals() returned ${decimals}, above ${MAX_DECIMALS}`);
  const balance = number(abi, 'balanceOf', balanceRaw);
  if (balance === undefined) throw notErc20('balanceOf() did not return a number');
  const name = text(abi, 'name', nameRaw);
  return { token: { address, symbol, decimals: Number(decimals), ...(name === undefined ? {} : { name }) }, balance };
}
