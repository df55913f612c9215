/**
 * The ERC-7677 client. Any failure of the service (unreachable, slow, not JSON, a JSON-RPC error, a
 * result without paymaster fields) is 4300 "Paymaster service error" with the service's words in `data`.
 */
import { RpcError } from '../../shared/errors';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import { PaymasterErrorCode } from '../../shared/schemas/paymasterCapability';
import type { PaymasterFields, RpcUserOperation } from './userOperation';

const TIMEOUT_MS = 10_000;

export interface StubResult extends PaymasterFields {
  sponsor?: { name: string; icon?: string };
  isFinal?: boolean;
}

const serviceError = (detail: string) => new RpcError(PaymasterErrorCode.serviceError, 'Paymaster service error', { message: detail });

async function call(url: string, method: string, params: unknown[]): Promise<unknown> {
  let reply: Response;
  try {
    reply = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw serviceError(`${method}: ${url} is unreachable or did not answer within ${TIMEOUT_MS / 1000} s (${(error as Error).message})`);
  }
  let body: { result?: unknown; error?: { code: number; message: string; data?: unknown } };
  try {
    body = await reply.json();
  } catch {
    throw serviceError(`${method}: the service answered HTTP ${reply.status} without JSON`);
  }
  if (body?.error) throw serviceError(`${method}: ${body.error.message} (code ${body.error.code})`);
  return body?.result;
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

const params = (op: RpcUserOperation, chainId: Hex, context: Record<string, unknown>) => [op, ENTRY_POINT_V08, chainId, context];

export async function getPaymasterStubData(url: string, op: RpcUserOperation, chainId: Hex, context: Record<string, unknown>): Promise<StubResult> {
  const result = await call(url, 'pm_getPaymasterStubData', params(op, chainId, context));
  const { sponsor, isFinal } = (result ?? {}) as StubResult;
  return { ...paymasterFields(result, 'pm_getPaymasterStubData'), ...(sponsor ? { sponsor } : {}), ...(isFinal ? { isFinal } : {}) };
}

export async function getPaymasterData(url: string, op: RpcUserOperation, chainId: Hex, context: Record<string, unknown>): Promise<PaymasterFields> {
  return paymasterFields(await call(url, 'pm_getPaymasterData', params(op, chainId, context)), 'pm_getPaymasterData');
}
