/**
 * Which descriptor, if any, speaks for a message or a call. A descriptor binds only when its whole context matches:
 * its deployments (chain id and verifying contract, or called contract), its domain values, and the exact EIP-712
 * schema (the encoded type, so an extra or renamed field does not match) or the function selector with calldata that
 * starts with the arguments' canonical encoding (the bytes a site put after it are returned, for the screens to name;
 * Seaport's calls must decode whole). The wallet's descriptors are tried before the registry's and those before the user's
 * files, and descriptors bound to deployments before generic ones.
 *
 * A format key that ends in "," is a witness stub, as Permit2 builds its witness type hashes: the primary type is the
 * stub's fields and one last field named `witness` (of any type), the fixed part matching the descriptor's schema.
 * The witness is then not described, so it is listed raw.
 *
 * A contract format's key is a selector or a signature, the arguments decoded by the descriptor's ABI (v1), or, with no
 * ABI, its function with parameter names ("transfer(address to,uint256 value)", ERC-7730 v2), decoded by the key.
 */
import { FunctionFragment, Interface, type ParamType, type Result } from 'ethers';
import { decodeCalldata } from '../calldata';
import type { Hex } from '../params';
import { encodeType } from '../typedData/eip712';
import type { TypedMessage } from '../typedData/types';
import type { Deployment, Descriptor, FormatSpec } from './types';
import { sameValue, toBigInt } from './values';

export interface Bound {
  descriptor: Descriptor;
  format: FormatSpec;
  /** The message, or the call's arguments by name. */
  data: Record<string, unknown>;
  /** A call only: the bytes a site put after its arguments, which the function ignores (absent when none). */
  extra?: Hex;
}

const deployed = (deployments: Deployment[] | undefined, chainId: bigint | undefined, address: unknown): boolean =>
  !deployments || (chainId !== undefined && deployments.some((d) => BigInt(d.chainId) === chainId && sameValue(d.address, address)));

/**
 * The wallet's descriptors first, then the ERC-7730 registry's, then the user's files: neither a registry descriptor
 * nor a file bound to a token replaces the wallet's words and dangers (an approve's allowance and spender) where the
 * wallet's own bind, even its generic ones. Within each, those bound to deployments before generic ones.
 */
const TIER = { wallet: 0, registry: 2, user: 4 };
const rank = (d: Descriptor): number => TIER[d.userFile ? 'user' : d.registry ? 'registry' : 'wallet'] + Number(!(d.context.eip712 ?? d.context.contract)?.deployments);
const specificFirst = (descriptors: Descriptor[]): Descriptor[] => [...descriptors].sort((a, b) => rank(a) - rank(b));

/** The types a descriptor's schemas declare for a primary type, as EIP-712 encodes them; undefined when they do not parse. */
function schemaEncoding(types: Record<string, unknown>, primaryType: string): string | undefined {
  try {
    return encodeType(primaryType, types);
  } catch {
    return undefined;
  }
}

type Schemas = NonNullable<NonNullable<Descriptor['context']['eip712']>['schemas']>;

function witnessStubMatches(key: string, typed: TypedMessage, schemas: Schemas): boolean {
  const name = typed.primaryType;
  const fields = typed.types[name];
  if (!key.startsWith(`${name}(`) || fields.at(-1)?.name !== 'witness') return false;
  const fixed = schemaEncoding({ ...typed.types, [name]: fields.slice(0, -1) }, name);
  return fixed !== undefined && fixed.startsWith(`${key.slice(0, -1)})`) && schemas.some((s) => s.primaryType === name && schemaEncoding(s.types, name) === fixed);
}

export function bindMessage(descriptors: Descriptor[], typed: TypedMessage): Bound | undefined {
  const encoded = schemaEncoding(typed.types, typed.primaryType);
  if (encoded === undefined || typed.primaryType === 'EIP712Domain') return undefined;
  const chainId = toBigInt(typed.domain.chainId);
  for (const descriptor of specificFirst(descriptors)) {
    const context = descriptor.context.eip712;
    if (!context) continue;
    if (context.domain && !Object.entries(context.domain).every(([key, value]) => sameValue(typed.domain[key], value))) continue;
    if (!deployed(context.deployments, chainId, typed.domain.verifyingContract)) continue;
    for (const [key, format] of Object.entries(descriptor.display.formats)) {
      const matches = key.endsWith(',')
        ? witnessStubMatches(key, typed, context.schemas ?? [])
        : key.includes('(')
        ? key === encoded
        : key === typed.primaryType && (context.schemas ?? []).some((s) => s.primaryType === key && schemaEncoding(s.types, key) === encoded);
      if (matches) return { descriptor, format, data: typed.message };
    }
  }
  return undefined;
}

/** Decoded arguments as plain values: structs as objects by field name, arrays as arrays, numbers as bigints. */
function plain(param: ParamType, value: unknown): unknown {
  if (param.isArray()) return (value as unknown[]).map((v) => plain(param.arrayChildren, v));
  if (param.isTuple()) return Object.fromEntries(param.components.map((c, i) => [c.name || String(i), plain(c, (value as Result)[i])]));
  return value;
}

/** A format key naming its function with parameter names (ERC-7730 v2); undefined for a bare selector. */
export function functionOf(key: string): FunctionFragment | undefined {
  if (/^0x[0-9a-fA-F]{8}$/.test(key)) return undefined;
  try {
    return FunctionFragment.from(key);
  } catch {
    return undefined;
  }
}

const selectorOf = (key: string): string | undefined => (/^0x[0-9a-fA-F]{8}$/.test(key) ? key.toLowerCase() : functionOf(key)?.selector);

export interface CallToBind {
  chainId: bigint;
  to: Hex;
  data: Hex;
}

/**
 * Seaport reads its calldata in its own assembly, not through Solidity's ABI decoder: the wallet has not checked that
 * it ignores bytes after the arguments as that decoder does, so its calls are worded only when they decode whole.
 */
const WHOLE_CALLDATA_ONLY = new Set(['Seaport 1.5 / 1.6']);

export function bindCall(descriptors: Descriptor[], call: CallToBind): Bound | undefined {
  const selector = call.data.slice(0, 10).toLowerCase();
  for (const descriptor of specificFirst(descriptors)) {
    const context = descriptor.context.contract;
    if (!context || !deployed(context.deployments, call.chainId, call.to)) continue;
    const key = Object.keys(descriptor.display.formats).find((k) => selectorOf(k) === selector);
    if (!key) continue;
    try {
      // A v1 descriptor's ABI names the arguments; without one, the key's own signature does (v2).
      const fragment = functionOf(key);
      if (!context.abi && !fragment) continue;
      const decoded = decodeCalldata(new Interface(context.abi ? (context.abi as never) : [fragment as FunctionFragment]), call.data);
      if (!decoded || (decoded.extra !== '0x' && WHOLE_CALLDATA_ONLY.has(descriptor.context.$id ?? ''))) continue;
      const { parsed, extra } = decoded;
      const data = Object.fromEntries(parsed.fragment.inputs.map((input, i) => [input.name || String(i), plain(input, parsed.args[i])]));
      return { descriptor, format: descriptor.display.formats[key], data, ...(extra === '0x' ? {} : { extra }) };
    } catch {
      continue;
    }
  }
  return undefined;
}
