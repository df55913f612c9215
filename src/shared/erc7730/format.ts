/**
 * ERC-7730's field formats: tokenAmount, amount, addressName, tokenTicker, chainId, interoperableAddressName, date,
 * duration, unit, enum, nftName, raw (calldata is shown as its bytes). A value a format cannot read is shown raw with a
 * note saying so, never dropped; an address written with a wrong checksum is shown, with a note.
 */
import { MaxUint256, formatUnits } from 'ethers';
import type { Hex } from '../params';
import { companion, reach, rootOf } from './paths';
import type { ClearField, Descriptor, RenderContext, RenderFacts } from './types';
import type { LeafField } from './fields';
import { chainName, interoperableName } from './interoperable';
import { rawText, sameValue, toAddress, toBigInt, wrongChecksum } from './values';

export type Formatted = Omit<ClearField, 'path' | 'label'>;

export interface FormatInput {
  field: LeafField;
  value: unknown;
  path: string;
  label: string;
  data: unknown;
  descriptor: Descriptor;
  context: RenderContext;
  facts: RenderFacts;
}

/** "1.5" rather than "1.5000", "2" rather than "2.0". */
const units = (value: bigint, decimals: number): string => {
  const text = formatUnits(value, decimals);
  return text.endsWith('.0') ? text.slice(0, -2) : text;
};

/** A param as written, or (a map reference) the map's value for the key its `keyPath` reads; undefined when none matches. */
function written(input: FormatInput, name: string): unknown {
  const value = input.field.params?.[name];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const { map, keyPath } = value as { map?: unknown; keyPath?: unknown };
  if (typeof map !== 'string' || typeof keyPath !== 'string') return value;
  const values = (reach(input.descriptor, rootOf(map).rest)[0]?.value as { values?: Record<string, unknown> } | undefined)?.values ?? {};
  const key = companion(keyPath, input.path, input.data, input.descriptor, input.context);
  return Object.entries(values).find(([k]) => sameValue(k, key))?.[1];
}

/** A param that may be a constant or a `$.` reference to one. */
function param(input: FormatInput, name: string): unknown {
  const value = written(input, name);
  if (typeof value === 'string' && value.startsWith('$.')) return reach(input.descriptor, rootOf(value).rest)[0]?.value;
  return value;
}

/** The value a path param (`tokenPath`, `collectionPath`) points at, by the array indices of the value shown. */
function pointed(input: FormatInput, name: string): unknown {
  const where = written(input, name);
  return typeof where === 'string' ? companion(where, input.path, input.data, input.descriptor, input.context) : undefined;
}

/**
 * The address a token, collection or callee param names: an address, or an integer below 2^160, which the ABI
 * encodes with the same bytes (1inch's `Address` type is a uint256; flags in its high bits need a `[-20:]` slice).
 */
function addressParam(value: unknown): Hex | undefined {
  // Calls decode integers as bigints; typed data carries them as numbers or decimal text.
  const number = typeof value === 'bigint' || typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value)) ? toBigInt(value) : undefined;
  return toAddress(value) ?? (number !== undefined && number >= 0n && number < 1n << 160n ? toAddress(`0x${number.toString(16).padStart(40, '0')}`) : undefined);
}

function raw({ value }: FormatInput, note?: string): Formatted {
  const address = toAddress(value);
  return { text: address ? '' : rawText(value), ...(address ? { address } : {}), ...(note ? { note } : {}) };
}

const ONE_DAY = 86_400n;
const NUMBER_FORMATS = new Set(['amount', 'tokenAmount', 'date', 'duration', 'unit', 'nftName']);

export function dateText(seconds: bigint): string {
  // Beyond what a Date holds: in practice "never expires".
  if (seconds > 8_640_000_000_000n) return `never (timestamp ${seconds})`;
  return `${new Date(Number(seconds) * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function durationText(seconds: bigint): string {
  const days = seconds / ONE_DAY;
  const rest = Number(seconds % ONE_DAY);
  const clock = [Math.floor(rest / 3600), Math.floor((rest % 3600) / 60), rest % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return days > 0n ? `${days} day${days === 1n ? '' : 's'} ${clock}` : clock;
}

const SI = [['T', 12], ['G', 9], ['M', 6], ['k', 3]] as const;

function unit(input: FormatInput, value: bigint): Formatted {
  const base = String(param(input, 'base') ?? '');
  const decimals = Number(param(input, 'decimals') ?? 0);
  if (param(input, 'prefix') === true) {
    const [prefix, exponent] = SI.find(([, e]) => value >= 10n ** BigInt(e + decimals)) ?? ['', 0];
    return { text: `${units(value, decimals + exponent)}${prefix}${base}` };
  }
  // As the spec writes them: "10h", "1.5d", "36ks", "50%".
  return { text: `${units(value, decimals)}${base}` };
}

/** A list param (one string or several), each a constant or a `$.` reference. */
function listed(input: FormatInput, name: string): string[] {
  const value = param(input, name);
  return (Array.isArray(value) ? value : [value]).map((a) => (typeof a === 'string' && a.startsWith('$.') ? reach(input.descriptor, rootOf(a).rest)[0]?.value : a)).filter((a): a is string => typeof a === 'string');
}

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
  const fallback = input.descriptor.metadata?.token;
  const meta = read ?? (token === context.to && fallback?.ticker && fallback.decimals !== undefined ? { symbol: fallback.ticker, decimals: fallback.decimals } : undefined);
  facts.amounts.push({ id: field.$id, label, token, amount, unlimited, ...(meta ? { meta } : {}) });
  if (!meta) return { text: `${unlimited ? `${message} (` : ''}${amount} units${unlimited ? ')' : ''} of`, address: token, note: 'unknown token: it did not answer symbol() and decimals(), so the amount is in its smallest unit' };
  return { text: unlimited ? `${message} ${meta.symbol}` : `${units(amount, meta.decimals)} ${meta.symbol}` };
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
  return meta ? { text: meta.symbol, address } : { text: '', address, note: 'unknown token: it did not answer symbol() and decimals()' };
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
