/**
 * Why a fee in USDC is not offered, in English and in words: not possible for the account on this network before
 * anything is asked (`usdcUnavailable`: no bundler, no node call), the account holding none, or no quote.
 * wallet_sendCalls' fee sources (../batches/feeOptions.ts) and the popup's Send quote say the same.
 */
import type { FeeSaying } from '../../shared/fees';
import type { Network } from '../../shared/networks';
import { cleanText } from '../../shared/displayText';
import { isWords, type Words } from '../../shared/words';
import { USDC_QUOTE_DEADLINE_MS } from './deadline';

export function usdcUnavailable(network: Network, otherCode: boolean, fees: { bundler?: unknown }): FeeSaying | undefined {
  if (!network.usdcPaymaster) return noPaymaster(network);
  if (!network.eip7702) return { message: `EIP-7702 is not supported on ${network.name}: a fee in USDC needs it`, words: { key: 'fees_no7702', values: { network: network.name } } };
  if (otherCode) return { message: 'The account has code that is not one of the wallet’s delegates: a fee in USDC needs one', words: { key: 'fees_otherCode' } };
  if (!fees.bundler) return noBundler(network);
  return undefined;
}

export const noPaymaster = (network: Network): FeeSaying =>
  ({ message: `No USDC paymaster on ${network.name}`, words: { key: 'fees_noPaymaster', values: { network: network.name } } });

export const noBundler = (network: Network): FeeSaying =>
  ({ message: `No bundler is set for ${network.name}: a fee in USDC needs one`, words: { key: 'fees_noBundler', values: { network: network.name } } });

/** The account holds no USDC at all: no bundler is asked for a fee it could not pay. */
export const NO_USDC_HELD: FeeSaying = { message: 'Not enough USDC: the account holds none', words: { key: 'fees_noUsdcHeld' } };

/** No quote came: the bundler did not answer in time. */
export function quoteLate(host: string | undefined): FeeSaying {
  const seconds = String(USDC_QUOTE_DEADLINE_MS / 1000);
  return {
    message: `No quote for a fee in USDC within ${seconds} s (the bundler at ${host})`,
    words: { key: 'fees_quoteLate', values: { seconds: { decimal: seconds }, host: String(host) } },
  };
}

/**
 * No quote came: what failed, in words where the wallet wrote it (`said`: its refusal's, or a server's message inside
 * the wallet's sentence), else a node's or a bundler's words as written inside the translated frame.
 */
const quoteFailed = (reason: string, said?: Words): FeeSaying =>
  ({ message: `No quote for a fee in USDC: ${reason}`, words: { key: 'fees_quoteFailed', values: { reason: said ?? reason } } });

/**
 * How the pages say an error: its English and, in its data, its words (the wallet's refusal in words, a server's
 * message inside the wallet's sentence: ../pages/refusalWords.ts pageError, which ../pages/usdcQuoteReasons.ts gives
 * the fee code in the worker's later script). `asWritten`: the error's message, no words.
 */
export type SayError = (error: unknown) => { message: string; data?: unknown };
export const asWritten: SayError = (error) => error as Error;

/** The most of a node's or a bundler's words a screen shows as the reason a fee in USDC is not offered. */
const MAX_REASON_CHARS = 300;

/** Longer than any refusal the worker writes (../pages/refusalWords.ts gives none longer its words). */
const MAX_WORDED_CHARS = 2000;

/**
 * A failed quote as `said` says its error: in its words where it has them, which bound what a node or a bundler wrote
 * inside the wallet's sentence (../pages/refusalWords.ts), the English beside them its message cleaned; else its
 * message cleaned and bounded (it may quote what a node or a bundler wrote: the Send's once showed a node's balance of
 * U+202E and a kilobyte as it came). A bundler's failure, what it said bounded at that, is longer with the wallet's
 * sentence around it: bounded as a whole, it lost its words.
 */
export function quoteFailedAs({ message, data }: ReturnType<SayError>): FeeSaying {
  const words = (data as { words?: unknown } | undefined)?.words;
  return isWords(words) ? quoteFailed(cleanText(message, MAX_WORDED_CHARS), words) : quoteFailed(cleanText(message, MAX_REASON_CHARS));
}
