/**
 * Well-known tokens per chain, with their real contracts: a token whose symbol is one of these but whose contract is
 * not is an imitation (a fake "USDC" sent to lure the user into a swap or approval).
 */
import { cleanText } from '../../shared/displayText';
import { KNOWN_TOKENS } from '../../shared/knownTokens';
import type { Hex } from '../../shared/params';

/** The symbol as the screens show it (cleanText), case ignored: "US\u200bDC" reads as USDC there, so it is USDC here. */
const shownSymbol = (symbol: string): string => cleanText(symbol).toLowerCase();

/** A well-known token this one imitates: same symbol (as shown, case ignored) on the chain, another contract. */
export function imitatedToken(chainId: Hex, token: { symbol: string; address: Hex }): { symbol: string; address: Hex } | undefined {
  const table = KNOWN_TOKENS.get(BigInt(chainId)) ?? {};
  const symbol = Object.keys(table).find((s) => s.toLowerCase() === shownSymbol(token.symbol));
  if (symbol === undefined || table[symbol].toLowerCase() === token.address.toLowerCase()) return undefined;
  return { symbol, address: table[symbol] };
}

/** The contract is the chain's well-known token of that symbol: shown by its symbol alone. */
export const isKnownToken = (chainId: Hex, token: { symbol: string; address: Hex }): boolean =>
  Object.entries(KNOWN_TOKENS.get(BigInt(chainId)) ?? {}).some(([symbol, address]) => symbol.toLowerCase() === shownSymbol(token.symbol) && address.toLowerCase() === token.address.toLowerCase());
