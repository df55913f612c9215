/** Reads a descriptor file (untrusted JSON, the wallet's or the user's) into a Descriptor, or says what is wrong. */
import type { Descriptor } from './types';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function deployments(value: unknown, where: string): void {
  if (value === undefined) return;
  if (!Array.isArray(value) || !value.every((d) => isObject(d) && Number.isSafeInteger(d.chainId) && typeof d.address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(d.address))) {
    throw new Error(`${where}.deployments must be a list of { chainId: number, address: 0x and 40 hex digits }`);
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
    if (!Array.isArray(contract.abi)) fail('context.contract.abi must be the ABI as a JSON list');
  }
  if (metadata !== undefined && !isObject(metadata)) fail('metadata must be an object');
  if (!isObject(display) || !isObject(display.formats)) fail('display.formats must be an object');
  for (const [key, format] of Object.entries((display as { formats: Record<string, unknown> }).formats)) {
    if (!isObject(format)) fail(`display.formats["${key}"] must be an object`);
  }
  return { ...(json as Omit<Descriptor, 'source'>), source };
}
