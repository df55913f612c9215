/**
 * ERC-7730's field formats: tokenAmount, amount, addressName, tokenTicker, chainId, interoperableAddressName, date,
 * duration, unit, enum, nftName, raw (calldata is shown as its bytes). A value a format cannot read is shown raw with a
 * note saying so, never dropped; an address written with a wrong checksum is shown, with a note.
 */
import { MaxUint256 } from 'ethers';
import { cleanText } from '../displayText';
import type { Hex } from '../params';
import { addressParam, listed, param, pointed, raw, units, type FormatInput, type Formatted } from './formatParams';
import { dateText, durationText, unit } from './formatNumbers';
import { chainName, interoperableName } from './interoperable';
import { reach, rootOf } from './paths';
import { sameValue, toAddress, toBigInt, wrongChecksum } from './values';

const NUMBER_FORMATS = new Set(['amount', 'tokenAmount', 'date', 'duration', 'unit', 'nftName']);
/** A ticker as tokens write them ("USDC.e", "USD₮0", "S*USDC", "UNI-V2"): no spaces, brackets or hidden characters. */
const PLAIN_TICKER = /^[\p{L}\p{M}\p{N}\p{Sc}._+*$/-]{1,32}$/u;

/**
 * A token's symbol is its contract's own text: cleaned for the screen, and noted when it is not a plain ticker, since
 * "USDC and Approve nothing" or "USDC (your account)" would read as the wallet's words (and keep it out of a sentence).
 */
function shownSymbol(raw: string): { symbol: string; note?: string } {
  const symbol = cleanText(raw);
  return PLAIN_TICKER.test(raw) ? { symbol } : { symbol, note: `the token's symbol() is "${symbol}", not a plain ticker: read it as the token's own text` };
}

const UNREAD_TOKEN = 'token not read: this review names more tokens than the wallet reads for one request, so the amount is in its smallest unit';

async function tokenAmount(input: FormatInput, amount: bigint): Promise<Formatted> {
  const { field, label, context, facts } = input;
  const token = addressParam(field.params?.tokenPath === undefined ? param(input, 'token') : pointed(input, 'tokenPath'));
  const threshold = toBigInt(param(input, 'threshold'));
  const unlimited = threshold === undefined ? amount === MaxUint256 : amount >= threshold;
  const message = String(param(input, 'message') ?? 'Unlimited');
  if (token && listed(input, 'nativeCurrencyAddress').some((a) => a.toLowerCase() === token.toLowerCase())) {
    facts.amounts.push({ id: field.$id, label, amount, unlimited, native: true });
    return { text: unlimited ? `${message} ${context.nativeSymbol}` : `${units(amount, 18)} ${context.nativeSymbol}` };
  }
  if (!token) {
    facts.amounts.push({ id: field.$id, label, amount, unlimited });
    return { text: amount.toString(), note: 'the token is not named: amount in its smallest unit' };
  }
  const read = await context.token(token);
  if (read === 'unread') {
    facts.amounts.push({ id: field.$id, label, token, amount, unlimited, unread: true });
    return { text: `${unlimited ? `${message} (` : ''}${amount} units${unlimited ? ')' : ''} of`, address: token, note: UNREAD_TOKEN };
  }
  const fallback = input.descriptor.metadata?.token;
  const meta = read ?? (token === context.to && fallback?.ticker && fallback.decimals !== undefined ? { symbol: fallback.ticker, decimals: fallback.decimals } : undefined);
  facts.amounts.push({ id: field.$id, label, token, amount, unlimited, ...(meta ? { meta } : {}) });
  if (!meta) return { text: `${unlimited ? `${message} (` : ''}${amount} units${unlimited ? ')' : ''} of`, address: token, note: 'unknown token: it did not answer symbol() and decimals(), so the amount is in its smallest unit' };
  const { symbol, note } = shownSymbol(meta.symbol);
  return { text: unlimited ? `${message} ${symbol}` : `${units(amount, meta.decimals)} ${symbol}`, ...(note ? { note } : {}) };
}

/** A call made on the signer's behalf: its bytes here, and (with its callee) a fact, so the wallet reads it in its turn. */
function calldata(input: FormatInput): Formatted {
  const { value, label, facts } = input;
  const to = addressParam(pointed(input, 'calleePath'));
  const amount = toBigInt(pointed(input, 'amountPath'));
  if (to && typeof value === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(value)) facts.calls.push({ label, to, data: value as Hex, ...(amount === undefined ? {} : { value: amount }) });
  return raw(input, 'a call made on your behalf: shown as its bytes');
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
  return shown === undefined ? raw(input, 'not one of the values the descriptor lists') : { text: shown };
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
  if (sender) return { text: 'Sender', ...(context.from ? { address } : {}) };
  const name = await context.name?.(address);
  return { text: name ?? '', address };
}

async function tokenTicker(input: FormatInput, address: Hex): Promise<Formatted> {
  const chainId = toBigInt(input.field.params?.chainIdPath === undefined ? param(input, 'chainId') : pointed(input, 'chainIdPath'));
  if (chainId !== undefined && chainId !== input.context.chainId) return { text: '', address, note: `a token on chain ${chainId}: its ticker is not read on this network` };
  const meta = await input.context.token(address);
  if (meta === 'unread') return { text: '', address, note: UNREAD_TOKEN };
  if (!meta) return { text: '', address, note: 'unknown token: it did not answer symbol() and decimals()' };
  const { symbol, note } = shownSymbol(meta.symbol);
  return { text: symbol, address, ...(note ? { note } : {}) };
}

/** A wrong checksum is said beside whatever the format made of the value. */
export async function format(input: FormatInput): Promise<Formatted> {
  const shown = await formatValue(input);
  if (!wrongChecksum(input.value)) return shown;
  const note = `written as ${input.value as string}, whose letter case is not the address's checksum (EIP-55): shown checksummed`;
  return { ...shown, note: shown.note ? `${shown.note}; ${note}` : note };
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
      return named ? addressName(input, named) : raw(input, 'not an address');
    }
    case 'tokenTicker':
      return address ? tokenTicker(input, address) : raw(input, 'not an address');
    case 'chainId':
      return number === undefined ? raw(input, 'not a number, so not shown as a chain') : { text: chainName(number) ?? `chain ${number}` };
    case 'interoperableAddressName': {
      const name = interoperableName(value);
      return name ? { text: name } : raw(input, 'not an ERC-7930 interoperable address');
    }
    case 'calldata':
      return calldata(input);
    case 'enum':
      return enumValue(input);
  }
  if (!NUMBER_FORMATS.has(kind)) return raw(input, `the wallet does not know the "${kind}" format: shown as it is`);
  if (number === undefined) return raw(input, `not a number, so not shown as ${kind}`);
  switch (kind) {
    case 'amount':
      facts.amounts.push({ id: field.$id, label, amount: number, unlimited: false, native: true });
      return { text: `${units(number, 18)} ${context.nativeSymbol}` };
    case 'tokenAmount':
      return tokenAmount(input, number);
    case 'date':
      if (field.params?.encoding === 'blockheight') return { text: `block ${number}` };
      if (number === 0n && field.$id === 'noExpiryIfZero') {
        facts.dates.push({ id: field.$id, label, seconds: MaxUint256 });
        return { text: 'never (0: no expiry)' };
      }
      facts.dates.push({ id: field.$id, label, seconds: number });
      return { text: dateText(number) };
    case 'duration':
      return { text: durationText(number) };
    case 'unit':
      return unit(input, number);
    default: {
      // nftName
      const collection = addressParam(field.params?.collectionPath === undefined ? param(input, 'collection') : pointed(input, 'collectionPath'));
      if (!collection) return { text: `#${number}` };
      const name = await context.collectionName?.(collection);
      return name ? { text: `${name} #${number}`, address: collection } : { text: `#${number} of`, address: collection };
    }
  }
}
