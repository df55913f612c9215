/**
 * The ERC-7677 client. Any failure of the service (unreachable, slow, redirected, too large, not JSON, a JSON-RPC
 * error, a result without paymaster fields) is the same 4300 "Paymaster service error", without data: a page picks
 * the URL, and telling "unreachable" from an HTTP status or a JSON-RPC error would let it scan ports and read
 * servers through the wallet. The reason goes to the background's console only.
 */
import { PaymasterErrorCode, RpcError } from '../../shared/errors';
import { JsonRpcTransportError, jsonRpc } from '../../shared/jsonRpc';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import { cleanText } from '../../shared/displayText';
import { parseSponsor, type Sponsor } from './sponsor';

import type { PaymasterFields, RpcUserOperation } from '../../shared/erc4337';

const TIMEOUT_MS = 10_000;
export const MAX_RESPONSE_BYTES = 256 * 1024;
const MAX_REASON_CHARS = 120;

export interface StubResult extends PaymasterFields {
  sponsor?: Sponsor;
  isFinal?: boolean;
}

const serviceError = (detail: string): RpcError => {
  console.warn(`[paymaster] ${detail}`);
  return new RpcError(PaymasterErrorCode.serviceError, 'Paymaster service error');
};

/** A page picks the URL: its answer is awaited briefly, read only so far, and never followed elsewhere. */
const GUARDED = { timeoutMs: TIMEOUT_MS, maxResponseBytes: MAX_RESPONSE_BYTES, refuseRedirects: true };

async function call(url: string, method: string, params: unknown[]): Promise<unknown> {
  try {
    return await jsonRpc(url, method, params, GUARDED);
  } catch (error) {
    const { code, message } = error as RpcError;
    throw serviceError(`${method} at ${url}: ${error instanceof JsonRpcTransportError ? error.reason : `code ${Number(code)}`}: ${cleanText(message, MAX_REASON_CHARS)}`);
  }
}

function paymasterFields(result: unknown, method: string): PaymasterFields {
  const r = result as Partial<PaymasterFields> | null;
  const missing = (['paymaster', 'paymasterData'] as const).filter((key) => typeof r?.[key] !== 'string');
  if (missing.length > 0) throw serviceError(`${method}: the result has no ${missing.join(' or ')}`);
  return {
    paymaster: r!.paymaster!,
    paymasterData: r!.paymasterData!,
    paymasterVerificationGasLimit: r!.paymasterVerificationGasLimit ?? '0x0',
    paymasterPostOpGasLimit: r!.paymasterPostOpGasLimit ?? '0x0',
  };
}

/**
 * Whether the service bundles too, as most do on the paymaster's URL (Coinbase CDP, Pimlico, Alchemy): its
 * eth_supportedEntryPoints lists EntryPoint v0.8. Any failure is a no: the batch then needs the network's bundler.
 */
export async function servesBundlerV08(url: string): Promise<boolean> {
  try {
    const entryPoints = await jsonRpc(url, 'eth_supportedEntryPoints', [], GUARDED);
    return Array.isArray(entryPoints) && entryPoints.some((e) => typeof e === 'string' && e.toLowerCase() === ENTRY_POINT_V08.toLowerCase());
  } catch {
    return false;
  }
}

const params = (op: RpcUserOperation, chainId: Hex, context: Record<string, unknown>) => [op, ENTRY_POINT_V08, chainId, context];

export async function getPaymasterStubData(url: string, op: RpcUserOperation, chainId: Hex, context: Record<string, unknown>): Promise<StubResult> {
  const result = await call(url, 'pm_getPaymasterStubData', params(op, chainId, context));
  const fields = paymasterFields(result, 'pm_getPaymasterStubData');
  const { sponsor, isFinal } = result as Record<string, unknown>;
  const parsed = parseSponsor(sponsor);
  if ('refused' in parsed) throw serviceError(`pm_getPaymasterStubData: ${parsed.refused}`);
  return { ...fields, ...parsed, ...(isFinal === true ? { isFinal } : {}) };
}

export async function getPaymasterData(url: string, op: RpcUserOperation, chainId: Hex, context: Record<string, unknown>): Promise<PaymasterFields> {
  return paymasterFields(await call(url, 'pm_getPaymasterData', params(op, chainId, context)), 'pm_getPaymasterData');
}
