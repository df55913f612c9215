/** Reads a descriptor file (untrusted JSON, the wallet's or the user's) into a Descriptor, or says what is wrong. */
import type { ParamType } from 'ethers';
import { functionOf } from './bind';
import { decimalsWrong } from './decimals';
import type { Descriptor } from './types';
import { isObject } from '../isObject';

function deployments(value: unknown, where: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every((d) => isObject(d) && Number.isSafeInteger(d.chainId) && typeof d.address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(d.address))) {
    throw new Error(`${where}.deployments must be a list of { chainId: number, address: 0x and 40 hex digits }`);
  }
}

/** Every parameter named, down to struct fields (an array's elements are its own, unnamed). */
const membersNamed = (param: ParamType): boolean => (param.isTuple() ? named(param.components) : param.isArray() ? membersNamed(param.arrayChildren) : true);
const named = (params: readonly ParamType[]): boolean => params.every((param) => param.name !== '' && membersNamed(param));

/** Without an ABI every key must name its function; two keys of one signature would make the choice arbitrary. */
function functionKeys(keys: string[], hasAbi: boolean, fail: (what: string) => never): void {
  const seen = new Set<string>();
  for (const key of keys) {
    const fragment = functionOf(key);
    if (!hasAbi && !(fragment && named(fragment.inputs))) fail(`display.formats["${key}"] must be a function with parameter names ("transfer(address to,uint256 value)"), or the descriptor must give context.contract.abi`);
    const signature = fragment?.format('sighash');
    if (signature && seen.has(signature)) fail(`display.formats has two keys for ${signature}`);
    if (signature) seen.add(signature);
  }
}

export function parseDescriptor(json: unknown, source: string): Descriptor {
  function fail(what: string): never {
    throw new Error(`${source}: ${what}`);
  }
  if (!isObject(json)) fail('a descriptor must be a JSON object');
  const { context, display, metadata } = json as Record<string, unknown>;
  if (!isObject(context)) fail('context must be an object');
  const { eip712, contract } = context as Record<string, unknown>;
  if ((eip712 === undefined) === (contract === undefined)) fail('context must have exactly one of eip712 or contract');
  if (eip712 !== undefined) {
    if (!isObject(eip712)) fail('context.eip712 must be an object');
    deployments(eip712.deployments, 'context.eip712');
    if (eip712.domain !== undefined && !isObject(eip712.domain)) fail('context.eip712.domain must be an object');
    if (eip712.schemas !== undefined && !(Array.isArray(eip712.schemas) && eip712.schemas.every((s) => isObject(s) && typeof s.primaryType === 'string' && isObject(s.types)))) {
      fail('context.eip712.schemas must be a list of { primaryType, types }');
    }
  }
  if (contract !== undefined) {
    if (!isObject(contract)) fail('context.contract must be an object');
    deployments(contract.deployments, 'context.contract');
    if (contract.abi !== undefined && !Array.isArray(contract.abi)) fail('context.contract.abi must be the ABI as a JSON list');
  }
  if (metadata !== undefined && !isObject(metadata)) fail('metadata must be an object');
  if (!isObject(display) || !isObject(display.formats)) fail('display.formats must be an object');
  for (const [key, format] of Object.entries((display as { formats: Record<string, unknown> }).formats)) {
    if (!isObject(format)) fail(`display.formats["${key}"] must be an object`);
  }
  const wrongDecimals = decimalsWrong(json);
  if (wrongDecimals) fail(wrongDecimals);
  if (contract !== undefined) functionKeys(Object.keys((display as { formats: object }).formats), Array.isArray((contract as { abi?: unknown }).abi), fail);
  // A review is what the build verified of a registry file, never what a file says of itself.
  const { reviewedBy, ...descriptor } = json as Omit<Descriptor, 'source'>;
  return { ...descriptor, source };
}
