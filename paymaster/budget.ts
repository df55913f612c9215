/**
 * What a sponsorship costs and which daily limits it is held to: the userOp's maximum cost, the limits of its app's
 * policy and of the service, and the refusal (-32005) when the store finds one exceeded.
 */
import type { Policy } from './policy';
import { ErrorCode, RpcError } from './rpc';
import type { LimitExceeded, Limits } from './store/reservations';
import type { PaymasterFields, UserOperation } from './userOp';

/** The most the paymaster can pay for the userOp: every gas limit, the paymaster's included, at maxFeePerGas. */
export function maxCost(op: UserOperation, fields: PaymasterFields): bigint {
  const gas = op.verificationGasLimit + op.callGasLimit + op.preVerificationGas + fields.paymasterVerificationGasLimit + fields.paymasterPostOpGasLimit;
  return gas * op.maxFeePerGas;
}

export function limitsOf(policy: Policy, globalDailyWei: bigint | undefined): Limits {
  return { senderOperations: policy.dailyLimitPerSender, senderWei: policy.dailyWeiPerSender, appWei: policy.dailyWeiPerApp, globalWei: globalDailyWei };
}

/** The UTC day a decision at `now` is charged to. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);

export function limitError({ reason, limit, used, adds }: LimitExceeded, app: string, sender: string): RpcError {
  const left = limit > used ? limit - used : 0n;
  const cost = `; this userOp may cost up to ${adds} wei`;
  const message = {
    dailyLimit: `sender ${sender} has used its ${limit} sponsored operations for today (UTC)`,
    senderBudget: `sender ${sender} has ${left} of its ${limit} wei for today (UTC) left${cost}`,
    appBudget: `app "${app}" has ${left} of its ${limit} wei for today (UTC) left${cost}`,
    globalBudget: `the sponsor's budget has ${left} of its ${limit} wei for today (UTC) left${cost}`,
  }[reason];
  return new RpcError(ErrorCode.limitExceeded, `Not sponsored: ${message}`, { reason });
}
