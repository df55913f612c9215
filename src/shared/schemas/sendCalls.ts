/** wallet_sendCalls params (spec 2.4, 2.5; EIP-5792 2.0.0), parsed into a typed batch request. */
import { BatchErrorCode, RpcError, invalidParams } from '../errors';
import { address, boolean, data, object, positional, recipient, uint256, type Hex } from '../params';

export const SEND_CALLS_VERSION = '2.0.0';
/** The wallet's bound on calls per batch (EIP-5792 leaves it to the wallet): 5740 above it. */
export const MAX_CALLS = 64;
export const MAX_ID_LENGTH = 4096;
const CHAIN_ID = /^0x([1-9a-f]+[0-9a-f]*|0)$/;

export interface CallRequest {
  to: Hex;
  value: bigint;
  data: Hex;
  gasLimitOverride?: bigint;
}

export interface BatchRequest {
  id?: string;
  from?: Hex;
  chainId: Hex;
  atomicRequired: boolean;
  calls: CallRequest[];
  capabilities: Record<string, unknown>;
}

/** A capability the wallet does not know: ignored when `optional: true`, else 5700. */
export function assertCapabilitiesKnown(capabilities: Record<string, unknown>, known: readonly string[], field: string): void {
  for (const [name, value] of Object.entries(capabilities)) {
    if (known.includes(name)) continue;
    const optional = typeof value === 'object' && value !== null && (value as { optional?: unknown }).optional === true;
    if (!optional) {
      throw new RpcError(BatchErrorCode.unsupportedCapability, `Unsupported capability ${field}.${name}: the wallet does not support it and it is not marked optional`);
    }
  }
}

function parseCall(raw: unknown, i: number): CallRequest {
  const field = `calls[${i}]`;
  const call = object(raw, field);
  const capabilities = call.capabilities === undefined ? {} : object(call.capabilities, `${field}.capabilities`);
  assertCapabilitiesKnown(capabilities, ['gasLimitOverride'], `${field}.capabilities`);
  const parsed: CallRequest = {
    to: recipient(call.to, `${field}.to`),
    value: call.value === undefined ? 0n : uint256(call.value, `${field}.value`),
    data: call.data === undefined ? '0x' : data(call.data, `${field}.data`),
  };
  if (capabilities.gasLimitOverride !== undefined) {
    const override = object(capabilities.gasLimitOverride, `${field}.capabilities.gasLimitOverride`);
    parsed.gasLimitOverride = uint256(override.value, `${field}.capabilities.gasLimitOverride.value`);
  }
  return parsed;
}

/**
 * Checks in the order a dapp can act on: shape (-32602), version (-32000), size (5740), capabilities (5700).
 * `knownCapabilities` are the batch-level ones the wallet supports on the chain.
 */
export function parseSendCalls(params: unknown, knownCapabilities: readonly string[] = []): BatchRequest {
  const batch = object(positional(params, 'wallet_sendCalls', 1)[0], 'params[0]');
  if (typeof batch.version !== 'string') throw invalidParams('version is required: the string "2.0.0"');
  if (batch.version !== SEND_CALLS_VERSION) {
    throw new RpcError(BatchErrorCode.unsupportedVersion, `Version not supported: this wallet supports wallet_sendCalls version ${SEND_CALLS_VERSION}, got "${batch.version}"`);
  }
  if (batch.id !== undefined && (typeof batch.id !== 'string' || batch.id.length === 0 || batch.id.length > MAX_ID_LENGTH)) {
    throw invalidParams(`id must be a non-empty string of at most ${MAX_ID_LENGTH} characters`);
  }
  if (typeof batch.chainId !== 'string' || !CHAIN_ID.test(batch.chainId)) {
    throw invalidParams(`chainId must be a lowercase hex chain id matching ^0x([1-9a-f]+[0-9a-f]*|0)$, got ${JSON.stringify(batch.chainId)}`);
  }
  const atomicRequired = boolean(batch.atomicRequired, 'atomicRequired');
  if (!Array.isArray(batch.calls) || batch.calls.length === 0) throw invalidParams('calls must be a non-empty array');
  if (batch.calls.length > MAX_CALLS) {
    throw new RpcError(BatchErrorCode.tooManyCalls, `Batch too large: ${batch.calls.length} calls, this wallet executes at most ${MAX_CALLS} per batch`);
  }
  const capabilities = batch.capabilities === undefined ? {} : object(batch.capabilities, 'capabilities');
  const request: BatchRequest = {
    chainId: batch.chainId as Hex,
    atomicRequired,
    calls: batch.calls.map(parseCall),
    capabilities,
  };
  if (batch.from !== undefined) request.from = address(batch.from, 'from');
  if (batch.id !== undefined) request.id = batch.id as string;
  assertCapabilitiesKnown(capabilities, knownCapabilities, 'capabilities');
  return request;
}
