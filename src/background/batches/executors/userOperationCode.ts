/**
 * The userOp executors' steps after the approval (sponsored.ts, usdc.ts): sign, send and follow the batch's userOp.
 * In the worker's later script (laterModules.ts, ../lazyUserOperationCode.ts): only an approved or sent userOp needs them.
 */
import type { BatchRecord } from '../types';
import type { UserOperationLaterCode } from './executor';
import { buildSponsoredOperation } from './sponsoredOperation';
import { refreshUserOperation, sendUserOperation } from './userOperationSend';

export const sendSponsored: UserOperationLaterCode['sendSponsored'] = async (deps, batch) => {
  const bundler = await deps.bundlerFor(batch.chainId, batch.sponsor);
  return sendUserOperation(deps, batch, bundler, async (unsigned) => {
    const [node, wallet] = await Promise.all([deps.nodeFor(unsigned.chainId), deps.accounts.signer(unsigned.from)]);
    return buildSponsoredOperation(node, bundler, wallet, unsigned);
  });
};

/** Follows the userOp on the chain alone (userOperationSend.ts `look`). */
export const refreshSponsored: UserOperationLaterCode['refreshSponsored'] = (deps, batch, node) =>
  refreshUserOperation(deps, batch, () => deps.bundlerFor(batch.chainId, batch.sponsor), node);

export const sendUsdc: UserOperationLaterCode['sendUsdc'] = async (deps, batch): Promise<BatchRecord> => {
  const bundler = await deps.bundlerFor(batch.chainId);
  return sendUserOperation(deps, batch, bundler, async (unsigned) => {
    const [node, wallet] = await Promise.all([deps.nodeFor(unsigned.chainId), deps.accounts.signer(unsigned.from)]);
    return deps.usdcBatchCode.buildUsdcOperation(node, bundler, wallet, unsigned);
  }, batch.usdcFee?.bundlerHost);
};

export const refreshUsdc: UserOperationLaterCode['refreshUsdc'] = (deps, batch, node) => refreshUserOperation(deps, batch, () => deps.bundlerFor(batch.chainId), node);

/** Named where the batch is shown (../../rpc/sendCallsPlan.ts); in this script, as the rest of a userOp's code. */
export { withPaymasterAllowances } from '../sponsorAllowance';
