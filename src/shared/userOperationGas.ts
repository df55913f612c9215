/**
 * A bundler's eth_estimateUserOperationGas answer, taken only as the op's gas limits as hex quantities: the op carries
 * them as they came (signed, and the paymaster's data asked over them), and a fee in USDC is priced from them. BigInt
 * would read "-1000000000" (a negative fee on the screen) or decimal digits the bundler reads as hex. Used by both
 * paths that estimate: a fee in USDC (background/usdcFees/userOperation.ts) and a sponsored batch
 * (background/batches/executors/sponsoredOperation.ts).
 */
import type { RpcUserOperation } from './erc4337';
import { ErrorCode, RpcError } from './errors';

export type EstimatedGas = Pick<RpcUserOperation, 'callGasLimit' | 'verificationGasLimit' | 'preVerificationGas'>;

/** A uint128 as a hex quantity: what the EntryPoint packs each limit into (erc4337.ts packUints). */
const GAS_LIMIT = /^0x(?:0|[1-9a-fA-F][0-9a-fA-F]{0,31})$/;

export function estimatedGas(answer: unknown): EstimatedGas {
  const gas = (answer ?? {}) as Record<keyof EstimatedGas, unknown>;
  const limits = [gas.callGasLimit, gas.verificationGasLimit, gas.preVerificationGas];
  if (limits.every((limit) => typeof limit === 'string' && GAS_LIMIT.test(limit))) return { callGasLimit: gas.callGasLimit, verificationGasLimit: gas.verificationGasLimit, preVerificationGas: gas.preVerificationGas } as EstimatedGas;
  throw new RpcError(ErrorCode.internal, `The bundler answered eth_estimateUserOperationGas with ${JSON.stringify(answer ?? null).slice(0, 120)}, not the op's gas limits as hex quantities`);
}
