/** The networks' stored values read only with the shape the wallet writes them in, and the key a chain's entries are kept under. */
import { isObject } from '../../shared/isObject';
import type { Network } from '../../shared/networks';
import type { DetectedFacts } from '../../shared/networkFacts';
import { isHexWord, type Hex } from '../../shared/params';

export const chainKey = (chainId: string): string => `0x${BigInt(chainId).toString(16)}`;

/**
 * What the networks' slices hold, as the wallet writes it. storage.local is writable by content scripts (Firefox), and a
 * list or record of the right kind may hold anything: a chain id BigInt cannot read, a null among the added networks or
 * facts without their endpoints made the selected network throw, and with it nearly every request and the popup's state.
 */
export const isChainId = isHexWord;
const isTextList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
/** A coin as EIP-3085 names one (decimals a uint8): the popup's home, every review and the firewall read its symbol and scale by its decimals. */
const isCurrency = (value: unknown): boolean =>
  isObject(value) && typeof value.name === 'string' && typeof value.symbol === 'string' && Number.isInteger(value.decimals) && (value.decimals as number) >= 0 && (value.decimals as number) < 256;
export const isAddedNetwork = (value: unknown): value is Network =>
  isObject(value) && isChainId(value.chainId) && typeof value.name === 'string' && isTextList(value.rpcUrls) && isCurrency(value.nativeCurrency);
/** The facts detection kept for `chainId`'s network, when they have their endpoints. */
export function storedFacts(facts: Record<string, DetectedFacts>, chainId: Hex): DetectedFacts | undefined {
  const key = chainKey(chainId);
  const found: unknown = Object.hasOwn(facts, key) ? facts[key] : undefined;
  return isObject(found) && isTextList(found.rpcUrls) ? (found as unknown as DetectedFacts) : undefined;
}
