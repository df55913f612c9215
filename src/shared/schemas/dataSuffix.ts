/**
 * ERC-8021 `dataSuffix` capability of wallet_sendCalls: `{ value: hex bytes, optional?: boolean }`, bytes the wallet
 * appends to each call's data (plain and atomic batches) or to the userOp's callData (sponsored ones), for example a
 * builder's attribution code. Solidity ignores calldata after the arguments, so the calls do what they did.
 */
import { invalidParams } from '../errors';
import { data, object, type Hex } from '../params';

/** An attribution is a few dozen bytes; anything near this is not one. */
export const MAX_DATA_SUFFIX_BYTES = 256;

export function parseDataSuffix(capability: unknown): Hex | undefined {
  if (capability === undefined) return undefined;
  const { value, optional } = object(capability, 'capabilities.dataSuffix');
  if (optional !== undefined && typeof optional !== 'boolean') throw invalidParams('capabilities.dataSuffix.optional must be a boolean');
  const suffix = data(value, 'capabilities.dataSuffix.value');
  if (suffix.length <= 2) throw invalidParams('capabilities.dataSuffix.value must hold at least one byte');
  if ((suffix.length - 2) / 2 > MAX_DATA_SUFFIX_BYTES) throw invalidParams(`capabilities.dataSuffix.value exceeds ${MAX_DATA_SUFFIX_BYTES} bytes`);
  return suffix.toLowerCase() as Hex;
}

export const withSuffix = (calldata: Hex, suffix: Hex | undefined): Hex => (suffix ? (`${calldata}${suffix.slice(2)}` as Hex) : calldata);
