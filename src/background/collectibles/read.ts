/**
 * Reads an ERC-721 or ERC-1155 token from the chain (eth_call at `pending`): that the contract is of the standard
 * (ERC-165), that the account holds the token, and the collection's name and symbol.
 */
import type { Interface, Result } from 'ethers';
import { standardLabel, type Collectible, type CollectibleStandard } from '../../shared/collectibles';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { invalidAsset } from '../../shared/schemas/watchAsset';
import { abiInterface } from '../abi/abiInterface';
import { decodeExactResult } from '../abi/exactResult';
import type { ChainNode } from '../networks/rpcClient';

export const COLLECTIBLE_ABI = abiInterface([
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function uri(uint256 id) view returns (string)',
]);

/** ERC-721's balanceOf(owner), which shares its name with ERC-1155's balanceOf(account, id). */
const ERC721_BALANCE = abiInterface(['function balanceOf(address owner) view returns (uint256)']);

/** How many tokens of an ERC-721 collection `owner` holds at `pending`. */
export async function readCollectionBalance(node: ChainNode, address: Hex, owner: Hex): Promise<bigint> {
  const erc721 = await ERC721_BALANCE();
  const raw = await node<string>('eth_call', [{ to: address, data: erc721.encodeFunctionData('balanceOf', [owner]) }, 'pending']);
  return decodeExactResult(erc721, 'balanceOf', raw)[0] as bigint;
}

/** ERC-165 interface ids of ERC-721 and ERC-1155. */
export const INTERFACE_IDS: Record<CollectibleStandard, Hex> = { ERC721: '0x80ac58cd', ERC1155: '0xd9b67a26' };

/** A contract's strings are shown in the wallet: anything longer is cut. */
const MAX_TEXT = 64;

type Fn = 'supportsInterface' | 'ownerOf' | 'balanceOf' | 'name' | 'symbol' | 'tokenURI' | 'uri';

/**
 * Answers read as they come: a string shows only bytes the contract answered, in whatever layout, and a contract with
 * odd padding keeps its name. A number, an address or a bool is read only from its exact encoding: ethers takes a bool
 * of 2 as true and an address from a word with bytes after it, so a contract would be said to be an ERC-721, or the
 * token the account's, on an answer that is neither.
 */
const TEXTS: ReadonlySet<Fn> = new Set(['name', 'symbol', 'tokenURI', 'uri']);

function decoded(abi: Interface, fn: Fn, raw: string): Result {
  const result = TEXTS.has(fn) ? abi.decodeFunctionResult(fn, raw) : decodeExactResult(abi, fn, raw);
  // Decoding a string that is not UTF-8 fails only when it is read: read it here, as one more unanswered call.
  result.toArray();
  return result;
}

/** The decoded result, or undefined when the contract reverts, answers nothing or not the encoding asked; an unreachable node is still an error. */
export async function tryRead(node: ChainNode, to: Hex, fn: Fn, args: unknown[] = []): Promise<Result | undefined> {
  const abi = await COLLECTIBLE_ABI();
  try {
    const raw = await node<string>('eth_call', [{ to, data: abi.encodeFunctionData(fn, args) }, 'pending']);
    return raw === '0x' ? undefined : decoded(abi, fn, raw);
  } catch (error) {
    if (error instanceof RpcError && error.code === ErrorCode.chainDisconnected) throw error;
    return undefined;
  }
}

async function text(node: ChainNode, to: Hex, fn: 'name' | 'symbol'): Promise<string | undefined> {
  const value = (await tryRead(node, to, fn))?.[0] as string | undefined;
  const trimmed = value?.trim().slice(0, MAX_TEXT);
  return trimmed ? trimmed : undefined;
}

/** The collection's name() at `pending`, or undefined when the contract does not say one. */
export const readCollectionName = (node: ChainNode, address: Hex): Promise<string | undefined> => text(node, address, 'name');

/** How many of the token `account` holds at `pending`: ERC-721 1 or 0 (0 also when the token does not exist), undefined when the contract does not answer. */
export async function readHolding(node: ChainNode, token: Pick<Collectible, 'standard' | 'address' | 'tokenId'>, account: Hex): Promise<bigint | undefined> {
  if (token.standard === 'ERC1155') return (await tryRead(node, token.address, 'balanceOf', [account, token.tokenId]))?.[0] as bigint | undefined;
  const owner = (await tryRead(node, token.address, 'ownerOf', [token.tokenId]))?.[0] as string | undefined;
  return owner !== undefined && owner.toLowerCase() === account.toLowerCase() ? 1n : 0n;
}

/** Not owned: MetaMask's words, then what the chain said, with the spec's code for watchAsset's bad params (-32602; MetaMask says -32000). */
export const notOwned = (why: string): RpcError => new RpcError(ErrorCode.invalidParams, `Suggested NFT is not owned by the selected account: ${why}`);

export interface CollectibleRead {
  collectible: Collectible;
  balance: bigint;
}

/**
 * Checks the contract and the account's holding, then reads name() and symbol() (both optional). -32602 when the
 * address has no code or the contract does not say (ERC-165) it is of `standard`; -32602 when the account does not
 * hold the token. `where` names the network in the messages.
 */
export async function readCollectible(node: ChainNode, token: Pick<Collectible, 'standard' | 'address' | 'tokenId'>, account: Hex, where: string): Promise<CollectibleRead> {
  const { standard, address, tokenId } = token;
  const code = await node<string>('eth_getCode', [address, 'pending']);
  if (code === '0x') throw invalidAsset(`options.address ${address} is not a contract on ${where}: it has no code`);
  const other: CollectibleStandard = standard === 'ERC721' ? 'ERC1155' : 'ERC721';
  const [supports, supportsOther] = await Promise.all([standard, other].map(async (s) => (await tryRead(node, address, 'supportsInterface', [INTERFACE_IDS[s]]))?.[0] === true));
  if (!supports) {
    const instead = supportsOther ? `it is an ${standardLabel(other)} contract: use type "${other}"` : `supportsInterface(${INTERFACE_IDS[standard]}) did not return true`;
    throw invalidAsset(`options.address ${address} on ${where} is not an ${standardLabel(standard)} contract: ${instead}`);
  }
  const [balance, name, symbol] = await Promise.all([readHolding(node, token, account), text(node, address, 'name'), text(node, address, 'symbol')]);
  if (balance === undefined) throw invalidAsset(`options.address ${address} on ${where} is not an ${standardLabel(standard)} contract: balanceOf() did not return a number`);
  if (balance === 0n) {
    throw notOwned(standard === 'ERC721' ? `token ${tokenId} of ${address} belongs to another address or does not exist on ${where}` : `its balance of token ${tokenId} of ${address} is 0 on ${where}`);
  }
  const collectible: Collectible = { standard, address, tokenId, ...(name === undefined ? {} : { name }), ...(symbol === undefined ? {} : { symbol }) };
  return { collectible, balance };
}
