/**
 * What the engine writes of a value and of what it could not do with it, in English (ClearField's `text` and `note`,
 * which interpolated intents, the dangers' checks, older records and dapps read) and in words (`textWords`,
 * `noteWords`), which the screens say in the browser's language: catalogue area clearValues.json. Amounts and moments
 * go in as numbers, so the screen writes them as the language does ("1.234,5 USDC").
 */
import { englishCount, englishUtc, type Words } from '../words';

export type ClearValueKey =
  | 'clearValues_amount' | 'clearValues_unlimited' | 'clearValues_message' | 'clearValues_unitsOf' | 'clearValues_unlimitedUnitsOf'
  | 'clearValues_messageUnitsOf' | 'clearValues_sender' | 'clearValues_yourAccount' | 'clearValues_unnamedAccount' | 'clearValues_ensName'
  | 'clearValues_chain' | 'clearValues_block' | 'clearValues_noExpiry' | 'clearValues_date' | 'clearValues_neverTimestamp'
  | 'clearValues_daysClock' | 'clearValues_days_one' | 'clearValues_days_other' | 'clearValues_unit' | 'clearValues_nftOf'
  | 'clearValues_symbolNotPlain' | 'clearValues_tokenNotRead' | 'clearValues_tokenNotNamed' | 'clearValues_unknownTokenAmount'
  | 'clearValues_unknownToken' | 'clearValues_tickerOtherChain' | 'clearValues_callBytes' | 'clearValues_notListed'
  | 'clearValues_notAddress' | 'clearValues_notNumberChain' | 'clearValues_notNumber' | 'clearValues_notInteroperable'
  | 'clearValues_notDecimals' | 'clearValues_unknownFormat' | 'clearValues_wrongChecksum' | 'clearValues_notes';

export type ValueWords = Words<ClearValueKey>;

/** A value's text with its words. */
export interface Said {
  text: string;
  textWords: ValueWords;
}

/** A note with its words. */
export interface Noted {
  note: string;
  noteWords: ValueWords;
}

const said = (text: string, key: ClearValueKey, values?: ValueWords['values']): Said => ({ text, textWords: { key, ...(values ? { values } : {}) } });
const noted = (note: string, key: ClearValueKey, values?: ValueWords['values']): Noted => ({ note, noteWords: { key, ...(values ? { values } : {}) } });

/** The wallet's word for an unlimited amount, where the descriptor writes none of its own (a descriptor's is its own text). */
export const UNLIMITED = 'Unlimited';

/** "1.5 USDC": `amount` is exact decimal text. */
export const amountOf = (amount: string, symbol: string): Said => said(`${amount} ${symbol}`, 'clearValues_amount', { amount: { decimal: amount }, symbol });

/** "Unlimited USDC", or the descriptor's own message before the symbol. */
export const unlimitedOf = (message: string, symbol: string): Said =>
  message === UNLIMITED ? said(`${message} ${symbol}`, 'clearValues_unlimited', { symbol }) : said(`${message} ${symbol}`, 'clearValues_message', { message, symbol });

/** "3000 units of", "Unlimited (… units) of": before the token's address, whose symbol and decimals are not known. */
export function unitsOf(amount: bigint, unlimited: boolean, message: string): Said {
  const number = { decimal: amount.toString() };
  if (!unlimited) return said(`${amount} units of`, 'clearValues_unitsOf', { amount: number });
  const text = `${message} (${amount} units) of`;
  return message === UNLIMITED ? said(text, 'clearValues_unlimitedUnitsOf', { amount: number }) : said(text, 'clearValues_messageUnitsOf', { message, amount: number });
}

export const SENDER = said('Sender', 'clearValues_sender');
/** One of the user's own accounts, by the name they gave it (none: "Unnamed"). */
export const ownAccount = (name: string): Said => (name ? said(`${name} (your account)`, 'clearValues_yourAccount', { name }) : said('Unnamed (your account)', 'clearValues_unnamedAccount'));
/** An ENS name is whatever the address's holder chose: it says so. */
export const ensNamed = (name: string): Said => said(`${name} (ENS name)`, 'clearValues_ensName', { name });
export const chainNumbered = (chain: bigint): Said => said(`chain ${chain}`, 'clearValues_chain', { chain: chain.toString() });
export const blockNumbered = (block: bigint): Said => said(`block ${block}`, 'clearValues_block', { block: block.toString() });
export const NO_EXPIRY = said('never (0: no expiry)', 'clearValues_noExpiry');

/** Beyond what a Date holds: in practice "never expires". */
const LAST_DATE = 8_640_000_000_000n;
export const dateOf = (seconds: bigint): Said =>
  seconds > LAST_DATE ? said(`never (timestamp ${seconds})`, 'clearValues_neverTimestamp', { timestamp: seconds.toString() }) : said(englishUtc(seconds), 'clearValues_date', { date: { utc: seconds.toString() } });

/** "2 days 01:00:00" (`clock` as it is: digits and colons read the same in every language). */
export const daysAnd = (days: bigint, clock: string): Said =>
  said(`${englishCount(days, 'day')} ${clock}`, 'clearValues_daysClock', { days: { count: days.toString(), one: 'clearValues_days_one', other: 'clearValues_days_other' }, clock });

/** "0.05%", "36ks": the number written as the language does, the unit (the descriptor's, with its SI prefix) as it is. */
export const unitOf = (number: string, unit: string): Said => said(`${number}${unit}`, 'clearValues_unit', { number: { decimal: number }, unit });
export const nftOf = (id: bigint): Said => said(`#${id} of`, 'clearValues_nftOf', { id: id.toString() });

export const symbolNotPlain = (symbol: string): Noted => noted(`the token's symbol() is "${symbol}", not a plain ticker: read it as the token's own text`, 'clearValues_symbolNotPlain', { symbol });
export const TOKEN_NOT_READ = noted('token not read: this review names more tokens than the wallet reads for one request, so the amount is in its smallest unit', 'clearValues_tokenNotRead');
export const TOKEN_NOT_NAMED = noted('the token is not named: amount in its smallest unit', 'clearValues_tokenNotNamed');
export const UNKNOWN_TOKEN_AMOUNT = noted('unknown token: it did not answer symbol() and decimals(), so the amount is in its smallest unit', 'clearValues_unknownTokenAmount');
export const UNKNOWN_TOKEN = noted('unknown token: it did not answer symbol() and decimals()', 'clearValues_unknownToken');
export const tickerOtherChain = (chain: bigint): Noted => noted(`a token on chain ${chain}: its ticker is not read on this network`, 'clearValues_tickerOtherChain', { chain: chain.toString() });
export const CALL_BYTES = noted('a call made on your behalf: shown as its bytes', 'clearValues_callBytes');
export const NOT_LISTED = noted('not one of the values the descriptor lists', 'clearValues_notListed');
export const NOT_ADDRESS = noted('not an address', 'clearValues_notAddress');
export const NOT_NUMBER_CHAIN = noted('not a number, so not shown as a chain', 'clearValues_notNumberChain');
/** `format` is the descriptor's format name ("tokenAmount"), as it is written. */
export const notNumber = (format: string): Noted => noted(`not a number, so not shown as ${format}`, 'clearValues_notNumber', { format });
/** A `decimals` the descriptor writes that is not one the wallet reads (decimals.ts): `max` its bound. */
export const notDecimals = (max: number): Noted => noted(`the descriptor's decimals is not a whole number from 0 to ${max}: shown as it is`, 'clearValues_notDecimals', { max: String(max) });
export const NOT_INTEROPERABLE = noted('not an ERC-7930 interoperable address', 'clearValues_notInteroperable');
export const unknownFormat = (format: string): Noted => noted(`the wallet does not know the "${format}" format: shown as it is`, 'clearValues_unknownFormat', { format });
export const wrongChecksumOf = (written: string): Noted =>
  noted(`written as ${written}, whose letter case is not the address's checksum (EIP-55): shown checksummed`, 'clearValues_wrongChecksum', { written });

/** Two notes on one value (what the format could not do, and a wrong checksum). */
export const bothNotes = (first: Noted, second: Noted): Noted => noted(`${first.note}; ${second.note}`, 'clearValues_notes', { first: first.noteWords, second: second.noteWords });
