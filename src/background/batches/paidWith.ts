/**
 * The user's pick of who pays the fee (the sendCalls screen's answer, issue 45), applied to the batch before anything
 * is signed: USDC turns an ETH plan into its USDC alternative (one userOp, ./executors/usdc.ts); a pick the plan did
 * not offer (or any, when neither ETH nor USDC can pay) is refused. No pick: the plan as it is, when that was offered.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { FeeSource } from '../../shared/fees';
import type { BatchRecord } from './types';

const NAMES: Record<FeeSource, string> = { eth: 'ETH', usdc: 'USDC' };

export function paidWith(batch: BatchRecord, source: FeeSource | undefined): BatchRecord {
  const { feeChoices } = batch;
  if (!feeChoices) {
    if (source === undefined) return batch;
    throw new RpcError(ErrorCode.invalidParams, `This batch offers no choice of who pays its fee; nothing was signed or sent`);
  }
  const planned: FeeSource = batch.executor === 'usdc' ? 'usdc' : 'eth';
  const picked = source ?? planned;
  if (!feeChoices.includes(picked)) {
    const offered = feeChoices.length === 0 ? 'neither ETH nor USDC can pay it' : `offered: ${feeChoices.map((s) => NAMES[s]).join(', ')}`;
    throw new RpcError(ErrorCode.invalidParams, `Paying this batch's fee in ${NAMES[picked]} was not offered (${offered}); nothing was signed or sent`);
  }
  if (picked === planned) return batch;
  // The ETH plan's USDC alternative: one userOp carries the calls, and the attribution after its callData.
  const fee = batch.usdcFee!;
  const { delegate: _planned, ...rest } = batch;
  const suffix = batch.dataSuffix ?? batch.calls.find((c) => c.suffix)?.suffix;
  return {
    ...rest, executor: 'usdc', atomic: true, upgrade: fee.upgrade, ...(fee.delegate ? { delegate: fee.delegate } : {}), gasLimits: [],
    calls: batch.calls.map(({ suffix: _suffix, ...call }) => call), ...(suffix ? { dataSuffix: suffix } : {}),
  };
}
