/**
 * A batch whose network fee the account pays in USDC (issue 45): the account's batch call as one EntryPoint v0.8
 * userOp of the EIP-7702 account (upgraded by the same op through eip7702Auth when not delegated yet), its fee taken
 * by the chain's USDC paymaster under an EIP-2612 permit of the cap the user approved. Planned and signed by
 * ./usdcCode.ts, sent and followed as a sponsored op is (./userOperationCode.ts): both in the worker's later script.
 */
import type { Executor } from './executor';

export const usdc: Executor = {
  /** Planned beside the ETH plan (../feeOptions.ts withFeeSources), with the bundler and the code it names. */
  plan: (context, draft) => context.usdc!.code.planUsdc(context, draft),
  send: (deps, batch) => deps.userOperationCode.sendUsdc(deps, batch),
  refresh: (deps, batch, node) => deps.userOperationCode.refreshUsdc(deps, batch, node),
};
