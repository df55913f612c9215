/** Why a fixture case is not right, in words that group alike failures: the runner's report, not the wallet's. */
import { FunctionFragment, Interface } from 'ethers';
import type { Bound, CallToBind } from '../../src/shared/erc7730/bind';
import { functionOf } from '../../src/shared/erc7730/bind';
import { decodeCalldata } from '../../src/shared/calldata';
import { flatten, type LeafField } from '../../src/shared/erc7730/fields';
import type { Descriptor } from '../../src/shared/erc7730/types';
import type { Rendered } from './fixtureTypes';

/** Why `bindCall` found nothing in `descriptor` for `call`. */
export function causeOfUnbound(descriptor: Descriptor, call: CallToBind): { cause: string; detail: string } {
  const context = descriptor.context.contract;
  if (!context) return { cause: 'not bound: a calldata case for a typed-data descriptor', detail: descriptor.source };
  const selector = call.data.slice(0, 10).toLowerCase();
  const key = Object.keys(descriptor.display.formats).find((k) => (functionOf(k)?.selector ?? k.toLowerCase()) === selector);
  if (!key) return { cause: 'not bound: selector not in the descriptor', detail: `${selector} in ${descriptor.source}` };
  const deployments = context.deployments ?? [];
  if (deployments.length > 0 && !deployments.some((d) => BigInt(d.chainId) === call.chainId)) return { cause: 'not bound: chain not deployed', detail: `chain ${call.chainId} in ${descriptor.source}` };
  if (deployments.length > 0 && !deployments.some((d) => BigInt(d.chainId) === call.chainId && d.address.toLowerCase() === call.to.toLowerCase())) return { cause: 'not bound: address not deployed', detail: `${call.to} on chain ${call.chainId}` };
  const fragment = functionOf(key);
  const abi = new Interface(context.abi ? (context.abi as never) : [fragment as FunctionFragment]);
  if (decodeCalldata(abi, call.data)) return { cause: 'not bound: decodes, refused by bind', detail: key };
  try {
    if (!abi.parseTransaction({ data: call.data })) return { cause: "not bound: the descriptor's ABI lacks the function its format key names", detail: key };
    return { cause: 'not bound: not the canonical encoding (offsets, padding, or a partial word after the arguments)', detail: `${key}: ${(call.data.length - 2) / 2} bytes` };
  } catch (error) {
    return { cause: 'not bound: does not decode', detail: `${key}: ${(error as Error).message.slice(0, 120)}` };
  }
}

/** The descriptor's field that shows `label`: a leaf of the bound format, labels numbered by array index stripped. */
function specOf(bound: Bound, label: string): LeafField | undefined {
  const leaves = flatten(bound.descriptor, bound.format.fields);
  return leaves.find((leaf) => leaf.label === label) ?? leaves.find((leaf) => leaf.label !== undefined && label.startsWith(`${leaf.label} `));
}

/** What kind of field the first difference is in: its format and the feature of it that matters. */
function kindOf(spec: LeafField | undefined): string {
  if (!spec) return 'a field the descriptor does not declare';
  const params = spec.params ?? {};
  const traits = [
    'value' in spec && !spec.path ? 'literal value' : undefined,
    typeof params.tokenPath === 'string' && params.tokenPath.includes('[') ? 'token from a slice' : undefined,
    spec.visible && typeof spec.visible === 'object' ? `visible.${Object.keys(spec.visible).join(',')}` : undefined,
    params.senderAddress !== undefined ? 'senderAddress' : undefined,
    typeof spec.path === 'string' && /\[-?\d*:-?\d*\]$/.test(spec.path) ? 'path slice' : undefined,
  ].filter(Boolean);
  return `${spec.format ?? 'raw'}${traits.length > 0 ? ` (${traits.join(', ')})` : ''}`;
}

export function causeOfField(bound: Bound, shown: Rendered['fields'], expected: { label: string }[], index: number): string {
  const [got, want] = [shown[index], expected[index]];
  if (got && want && (got.label === want.label || got.label.startsWith(`${want.label} `))) return `field value: ${kindOf(specOf(bound, want.label))}`;
  if (want && (!got || got.label !== want.label)) return `field missing or out of order: ${kindOf(specOf(bound, want.label))}`;
  return `field shown that is not expected: ${kindOf(got ? specOf(bound, got.label) : undefined)}`;
}
