/**
 * A batch whose network fee the account pays in USDC (issue 45): the account's batch call as one EntryPoint v0.8
 * userOp of the EIP-7702 account (upgraded by the same op through eip7702Auth when not delegated yet), its fee taken
 * by the chain's USDC paymaster under an EIP-2612 permit of the cap the user approved. Planned and signed by
 * ./usdcCode.ts (in the worker's later script); sent and followed as a sponsored op is (./userOperationSend.ts).
 */
import type { Executor } from './executor';
import { refreshUserOperation, sendUserOperation } from './userOperationSend';

export const usdc: Executor = {
  /** Planned beside the ETH plan (../feeOptions.ts withFeeSources), with the bundler and the code it names. */
  plan: (context, draft) => context.usdc!.code.planUsdc(context, draft),

  async send(deps, batch) {
    const bundler = await deps.bundlerFor(batch.chainId);
    return sendUserOperation(deps, batch, bundler, async (unsigned) => {
      const [node, wallet] = await Promise.all([deps.nodeFor(unsigned.chainId), deps.accounts.signer(unsigned.from)]);
      return deps.usdcBatchCode.buildUsdcOperation(node, bundler, wallet, unsigned);
    }, batch.usdcFee?.bundlerHost);
  },

  refresh: (deps, batch, node) => refreshUserOperation(deps, batch, () => deps.bundlerFor(batch.chainId), node),
};
