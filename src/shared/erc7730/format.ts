/**
 * ERC-7730's field formats: tokenAmount, amount, addressName, tokenTicker, chainId, interoperableAddressName, date,
 * duration, unit, enum, nftName, raw (calldata is shown as its bytes). A value a format cannot read is shown raw with a
 * note saying so, never dropped; an address written with a wrong checksum is shown, with a note.
 */
import { MaxUint256 } from 'ethers';
import { cleanText } from '../displayText';
import type { Hex } from '../params';
import { isUnlimited } from '../units';
import { addressParam, listed, param, pointed, raw, units, type FormatInput, type Formatted } from './formatParams';
import { isDecimals } from './decimals';
import { durationText, unit } from './formatNumbers';
import { chainName, interoperableName } from './interoperable';
import { isOwnDescriptor, ownPhraseWords } from './ownWords';
import { reach, rootOf } from './paths';
import { FILE_TEXT_CHARS, sameValue, toAddress, toBigInt, wrongChecksum } from './values';
import {
  CALL_BYTES, NO_EXPIRY, NOT_ADDRESS, NOT_INTEROPERABLE, NOT_LISTED, NOT_NUMBER_CHAIN, SENDER, TOKEN_NOT_NAMED, TOKEN_NOT_READ, UNKNOWN_TOKEN,
  UNKNOWN_TOKEN_AMOUNT, UNLIMITED, amountOf, blockNumbered, bothNotes, chainNumbered, dateOf, nftOf, notNumber, symbolNotPlain, tickerOtherChain,
  unitsOf, unknownFormat, unlimitedOf, wrongChecksumOf, type Noted,
} from './valueWords';

const NUMBER_FORMATS = new Set(['amount', 'tokenAmount', 'date', 'duration', 'unit', 'nftName']);
/** A ticker as tokens write them ("USDC.e", "USD₮0", "S*USDC", "UNI-V2"): no spaces, brackets or hidden characters. */
const PLAIN_TICKER = /^[\p{L}\p{M}\p{N}\p{Sc}._+*$/-]{1,32}$/u;

/**
 * A token's symbol is its contract's own text: cleaned for the screen, and noted when it is not a plain ticker, since
 * "USDC and Approve nothing" or "USDC (your account)" would read as the wallet's words (and keep it out of a sentence).
 */
function shownSymbol(raw: string): { symbol: string; noted?: Noted } {
  const symbol = cleanText(raw);
  return PLAIN_TICKER.test(raw) ? { symbol } : { symbol, noted: symbolNotPlain(symbol) };
}

/**
 * A descriptor's threshold at a type's largest value (Permit2's 2^160 - 1) names that type's unlimited, which starts at
 * half its range (isUnlimited): one unit less is no limit either. From 2^255, unlimited whatever the threshold.
 */
function unlimitedFrom(amount: bigint, threshold: bigint | undefined): boolean {
  if (isUnlimited(amount) || threshold === undefined) return isUnlimited(amount);
  const bits = threshold.toString(2);
  return bits.length >= 64 && !bits.includes('0') ? isUnlimited(amount, bits.length) : amount >= threshold;
}

async function tokenAmount(input: FormatInput, amount: bigint): Promise<Formatted> {
  const { field, label, context, facts } = input;
  const token = addressParam(field.params?.tokenPath === undefined ? param(input, 'token') : pointed(input, 'tokenPath'));
  const threshold = toBigInt(param(input, 'threshold'));
  const unlimited = unlimitedFrom(amount, threshold);
  const message = String(param(input, 'message') ?? UNLIMITED);
  if (token && listed(input, 'nativeCurrencyAddress').some((a) => a.toLowerCase() === token.toLowerCase())) {
    facts.amounts.push({ id: field.$id, label, amount, unlimited, native: true });
    return unlimited ? unlimitedOf(message, context.nativeSymbol) : amountOf(units(amount, 18), context.nativeSymbol);
  }
  if (!token) {
    facts.amounts.push({ id: field.$id, label, amount, unlimited });
    return { text: amount.toString(), ...TOKEN_NOT_NAMED };
  }
  const read = await context.token(token);
  if (read === 'unread') {
    facts.amounts.push({ id: field.$id, label, token, amount, unlimited, unread: true });
    return { ...unitsOf(amount, unlimited, message), address: token, ...TOKEN_NOT_READ };
  }
  const fallback = input.descriptor.metadata?.token;
  const meta = read ?? (token === context.to && fallback?.ticker && isDecimals(fallback.decimals) ? { symbol: fallback.ticker, decimals: fallback.decimals } : undefined);
  facts.amounts.push({ id: field.$id, label, token, amount, unlimited, ...(meta ? { meta } : {}) });
  if (!meta) return { ...unitsOf(amount, unlimited, message), address: token, ...UNKNOWN_TOKEN_AMOUNT };
  const { symbol, noted } = shownSymbol(meta.symbol);
  return { ...(unlimited ? unlimitedOf(message, symbol) : amountOf(units(amount, meta.decimals), symbol)), ...noted };
}

/** A param written as a path (`calleePath`) or as a value (`callee`); `written` says whether the descriptor gave either. */
function either(input: FormatInput, name: string): { written: boolean; value: unknown } {
  const params = input.field.params ?? {};
  if (params[`${name}Path`] !== undefined) return { written: true, value: pointed(input, `${name}Path`) };
  return { written: params[name] !== undefined, value: param(input, name) };
}

/**
 * A call made on the signer's behalf: its bytes here, and (with its callee) a fact, so the wallet reads it in its turn,
 * as it runs: its selector before its arguments where the descriptor keeps it apart (`selector`), and only on this
 * chain (`chainId`: a call made on another is not read with this chain's descriptors, tokens and names).
 */
function calldata(input: FormatInput): Formatted {
  const { value, label, context, facts } = input;
  const [callee, amountOf, selector, chain] = ['callee', 'amount', 'selector', 'chainId'].map((name) => either(input, name));
  const to = addressParam(callee.value);
  const amount = toBigInt(amountOf.value);
  const bytes = typeof value === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(value) ? value : undefined;
  const apart = typeof selector.value === 'string' && /^0x[0-9a-fA-F]{8}$/.test(selector.value) ? selector.value : undefined;
  const data = !selector.written ? bytes : apart && bytes && `${apart}${bytes.slice(2)}`;
  const here = !chain.written || toBigInt(chain.value) === context.chainId;
  if (to && data && here) facts.calls.push({ label, to, data: data as Hex, ...(amount === undefined ? {} : { value: amount }) });
  return raw(input, CALL_BYTES);
}

/** A value named by `metadata.enums`; a true `unlimitedIfTrue` (DAI's `allowed`, setApprovalForAll) counts as an unlimited allowance. */
function enumValue(input: FormatInput): Formatted {
  const { field, value, label, context, facts } = input;
  const ref = field.params?.$ref;
  const values = typeof ref === 'string' ? (reach(input.descriptor, rootOf(ref).rest)[0]?.value as Record<string, string> | undefined) : undefined;
  // A boolean's key is written "true", "True" or "1" (descriptors write all three).
  const keys = typeof value === 'boolean' ? [String(value), value ? 'True' : 'False', value ? '1' : '0'] : [toBigInt(value)?.toString()];
  const key = keys.find((k) => k !== undefined && values?.[k] !== undefined) ?? keys[0];
  if (field.$id === 'unlimitedIfTrue' && value === true) facts.amounts.push({ id: 'allowance', label, ...(context.to ? { token: context.to } : {}), amount: MaxUint256, unlimited: true });
  // A revoke (false) grants nothing: said as a zero allowance, so its spender is not named a danger.
  if (field.$id === 'unlimitedIfTrue' && value === false) facts.amounts.push({ id: 'allowance', label, amount: 0n, unlimited: false });
  const shown = key === undefined ? undefined : values?.[key];
  if (shown === undefined) return raw(input, NOT_LISTED);
  const textWords = isOwnDescriptor(input.descriptor) ? ownPhraseWords(shown) : undefined;
  // Shown as the file wrote it, on one line and bounded as its other text is (./render.ts).
  return { text: cleanText(String(shown), FILE_TEXT_CHARS), ...(textWords ? { textWords } : {}) };
}

/**
 * An address, named when the wallet knows a name for it; one of `senderAddress` (a placeholder such as the zero
 * address, which the contract reads as the caller) is the sender, `@.from`, shown and checked as that address.
 */
async function addressName(input: FormatInput, written: Hex): Promise<Formatted> {
  const { field, label, context, facts } = input;
  const sender = listed(input, 'senderAddress').some((a) => sameValue(a, written));
  const address = sender && context.from ? context.from : written;
  const types = field.params?.types ?? field.params?.type;
  facts.addresses.push({ id: field.$id, label, address, ...(types !== undefined ? { types: ([] as unknown[]).concat(types).map(String) } : {}) });
  if (sender) return { ...SENDER, ...(context.from ? { address } : {}) };
  const name = await context.name?.(address);
  return { ...(typeof name === 'string' ? { text: name } : name ?? { text: '' }), address };
}

async function tokenTicker(input: FormatInput, address: Hex): Promise<Formatted> {
  const chainId = toBigInt(input.field.params?.chainIdPath === undefined ? param(input, 'chainId') : pointed(input, 'chainIdPath'));
  if (chainId !== undefined && chainId !== input.context.chainId) return { text: '', address, ...tickerOtherChain(chainId) };
  const meta = await input.context.token(address);
  if (meta === 'unread') return { text: '', address, ...TOKEN_NOT_READ };
  if (!meta) return { text: '', address, ...UNKNOWN_TOKEN };
  const { symbol, noted } = shownSymbol(meta.symbol);
  return { text: symbol, address, ...noted };
}

/** A wrong checksum is said beside whatever the format made of the value. */
export async function format(input: FormatInput): Promise<Formatted> {
  const shown = await formatValue(input);
  if (!wrongChecksum(input.value)) return shown;
  const checksum = wrongChecksumOf(input.value as string);
  // Every note a format writes has its words (valueWords.ts).
  return { ...shown, ...(shown.note === undefined ? checksum : bothNotes(shown as Noted, checksum)) };
}

async function formatValue(input: FormatInput): Promise<Formatted> {
  const { field, value, label, context, facts } = input;
  const kind = field.format ?? 'raw';
  const number = toBigInt(value);
  const address = toAddress(value);
  switch (kind) {
    case 'raw':
      return raw(input);
    case 'addressName': {
      const named = addressParam(value);
      return named ? addressName(input, named) : raw(input, NOT_ADDRESS);
    }
    case 'tokenTicker':
      return address ? tokenTicker(input, address) : raw(input, NOT_ADDRESS);
    case 'chainId': {
      if (number === undefined) return raw(input, NOT_NUMBER_CHAIN);
      const name = chainName(number);
      return name ? { text: name } : chainNumbered(number);
    }
    case 'interoperableAddressName': {
      const name = interoperableName(value);
      return name ? { text: name } : raw(input, NOT_INTEROPERABLE);
    }
    case 'calldata':
      return calldata(input);
    case 'enum':
      return enumValue(input);
  }
  if (!NUMBER_FORMATS.has(kind)) return raw(input, unknownFormat(kind));
  if (number === undefined) return raw(input, notNumber(kind));
  switch (kind) {
    case 'amount':
      facts.amounts.push({ id: field.$id, label, amount: number, unlimited: false, native: true });
      return amountOf(units(number, 18), context.nativeSymbol);
    case 'tokenAmount':
      return tokenAmount(input, number);
    case 'date':
      if (field.params?.encoding === 'blockheight') return blockNumbered(number);
      if (number === 0n && field.$id === 'noExpiryIfZero') {
        facts.dates.push({ id: field.$id, label, seconds: MaxUint256 });
        return NO_EXPIRY;
      }
      facts.dates.push({ id: field.$id, label, seconds: number });
      return dateOf(number);
    case 'duration':
      return durationText(number);
    case 'unit':
      return unit(input, number);
    default: {
      // nftName
      const collection = addressParam(field.params?.collectionPath === undefined ? param(input, 'collection') : pointed(input, 'collectionPath'));
      if (!collection) return { text: `#${number}` };
      const name = await context.collectionName?.(collection);
      return name ? { text: `${name} #${number}`, address: collection } : { ...nftOf(number), address: collection };
    }
  }
}
