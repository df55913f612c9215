/**
 * ERC-8021 `dataSuffix` capability of wallet_sendCalls: `{ value: hex bytes, optional?: boolean }`, an attribution
 * (builder codes) the wallet appends to the transaction's calldata (or the userOp's callData when sponsored).
 *
 * Only a well-formed attribution is taken: parsed by `ox/erc8021` (what viem builds them with) and encoded again to
 * the very same bytes, so the value is the attribution and nothing else. Arbitrary bytes appended to a call with no
 * data would *be* the call (`transfer(attacker, …)` behind "0 ETH to USDC"); where the suffix goes is decided by the
 * executors, never after a call it could turn into another (batches/prepare.ts).
 *
 * ox's CBOR codec is a tenth of the worker's first script, and most batches carry no suffix: the worker parses with it
 * from its later script (laterModules.ts).
 */
import { Attribution } from 'ox/erc8021';
import { invalidParams } from '../errors';
import { data, object, type Hex } from '../params';

/** An attribution is a few dozen bytes; anything near this is not one. */
export const MAX_DATA_SUFFIX_BYTES = 256;

/** A code is short printable ASCII: it is shown on the approval as it is. */
const CODE = /^[\x21-\x2b\x2d-\x7e]{1,32}$/;

/** A parsed ERC-8021 attribution: its bytes and the codes it names (what the approval shows). */
export interface DataSuffix {
  value: Hex;
  codes: string[];
}

function codesOf(attribution: Attribution.Attribution): string[] {
  if (attribution.id === 2) return [attribution.appCode, attribution.walletCode, ...(attribution.serviceCodes ?? [])].filter((c) => c !== undefined);
  return [...(attribution.codes ?? [])];
}

/** Why `value` is not a well-formed attribution, or its codes. */
function attribution(value: Hex): string[] | string {
  let parsed: Attribution.Attribution | undefined;
  try {
    parsed = Attribution.fromData(value);
  } catch {
    parsed = undefined;
  }
  if (!parsed) return `must be an ERC-8021 attribution ending with the marker ${Attribution.ercSuffix} after a known schema id`;
  let encoded: Hex | undefined;
  try {
    encoded = Attribution.toDataSuffix(parsed).toLowerCase() as Hex;
  } catch {
    encoded = undefined;
  }
  if (encoded !== value) return 'must be exactly one ERC-8021 attribution, with no bytes before or inside it that the attribution does not name';
  const codes = codesOf(parsed);
  if (codes.length === 0) return 'must name at least one attribution code';
  const bad = codes.find((c) => !CODE.test(c));
  if (bad !== undefined) return `has a code that is not 1–32 printable ASCII characters: ${JSON.stringify(bad.slice(0, 40))}`;
  return codes;
}

/** The attribution to append, or undefined when none was asked or an optional one is malformed (dropped). */
export function parseDataSuffix(capability: unknown): DataSuffix | undefined {
  if (capability === undefined) return undefined;
  const { value, optional } = object(capability, 'capabilities.dataSuffix');
  if (optional !== undefined && typeof optional !== 'boolean') throw invalidParams('capabilities.dataSuffix.optional must be a boolean');
  const fail = (why: string) => {
    if (optional === true) return undefined;
    throw invalidParams(`capabilities.dataSuffix.value ${why}`);
  };
  let suffix: Hex;
  try {
    suffix = data(value, 'capabilities.dataSuffix.value').toLowerCase() as Hex;
  } catch (error) {
    if (optional === true) return undefined;
    throw error;
  }
  if ((suffix.length - 2) / 2 > MAX_DATA_SUFFIX_BYTES) return fail(`exceeds ${MAX_DATA_SUFFIX_BYTES} bytes`);
  const codes = attribution(suffix);
  return typeof codes === 'string' ? fail(codes) : { value: suffix, codes };
}
