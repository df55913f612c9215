/**
 * The code of a batch whose network fee the account pays in USDC (./usdc.ts), in the worker's later script: before the
 * approval the op is estimated (the authorization a dummy) and its fee quoted (../../usdcFees/userOperation.ts
 * `planUsdcFee`; nothing signed); after it the op is drafted and estimated again (a fresh nonce and fees, the real
 * authorization), never at a higher fee per gas than planned, and the permit is signed for the cap the user approved
 * (`payInUsdc`), or nothing is signed when the fee could now exceed it.
 */
import type { BaseWallet } from 'ethers';
import { cleanText } from '../../../shared/displayText';
import { userOperationHash, type RpcUserOperation } from '../../../shared/erc4337';
import { ErrorCode, RpcError, isServerSaid, quotedError } from '../../../shared/errors';
import type { Hex } from '../../../shared/params';
import type { ChainNode } from '../../networks/rpcClient';
import { dummyAuthorization, signedAuthorization } from '../../paymaster/userOperation';
import { payInUsdc, planUsdcFee } from '../../usdcFees/userOperation';
import { delegateOfBatch } from '../delegates';
import type { BatchRecord, SentUserOperation } from '../types';
import { bundlerError } from './bundlerErrors';
import { planned, type BatchDraft, type PlanContext } from './executor';
import { accountNonce, draftOperation } from './userOperationDraft';

/** What a bundler's error says, as the screen shows it (a reason beside the fee): a server's words, bounded and cleaned. */
const MAX_REASON_CHARS = 300;

/** The bundler's errors, saying which bundler failed (the wallet chose it, not the site). */
const named = (bundler: ChainNode, host: string): ChainNode => async <T>(method: string, params?: unknown[], options?: Parameters<ChainNode>[2]): Promise<T> => {
  try {
    return await bundler<T>(method, params, options);
  } catch (error) {
    const mapped = bundlerError(error);
    // The wallet's sentence takes the code and data only of the wallet's own mapping: what the bundler answered is
    // quoted, its code and data its claim (a -32005 with a `retryAt` read as the password's wait).
    const own = mapped instanceof RpcError && !isServerSaid(mapped);
    throw new RpcError(own ? mapped.code : ErrorCode.serverError, `The bundler at ${host} failed: ${cleanText(quotedError(mapped), MAX_REASON_CHARS)}`, own ? mapped.data : undefined);
  }
};

/** The fee per gas expected at inclusion: the market tier is twice the base fee plus the tip, so this is base fee plus tip. */
const expectedFeePerGas = (op: RpcUserOperation): bigint => (BigInt(op.maxFeePerGas) + BigInt(op.maxPriorityFeePerGas)) / 2n;

/** Today's fees, never above the planned fee per gas: the cap the user approved was priced at it. */
function atMost(op: RpcUserOperation, planned: bigint): RpcUserOperation {
  if (BigInt(op.maxFeePerGas) <= planned) return op;
  const tip = BigInt(op.maxPriorityFeePerGas) < planned ? BigInt(op.maxPriorityFeePerGas) : planned;
  return { ...op, maxFeePerGas: `0x${planned.toString(16)}`, maxPriorityFeePerGas: `0x${tip.toString(16)}` };
}

/** After the approval: drafted and estimated again, paid under a permit of the approved cap, signed; stored by the caller first. */
export async function buildUsdcOperation(node: ChainNode, bundler: ChainNode, wallet: BaseWallet, batch: BatchRecord): Promise<SentUserOperation> {
  const { usdcFee, chainId, from } = batch;
  if (!usdcFee) throw new Error('not a batch paid in USDC');
  const fromBlock = Number(await node<Hex>('eth_blockNumber'));
  const authorization = batch.upgrade ? await signedAuthorization(wallet, chainId, await accountNonce(node, from)) : undefined;
  const draft = atMost(await draftOperation(node, chainId, batch, authorization), BigInt(usdcFee.maxFeePerGas));
  const plan = await planUsdcFee(node, named(bundler, usdcFee.bundlerHost), usdcFee.paymaster, draft, expectedFeePerGas(draft));
  const op = await payInUsdc(node, wallet, chainId, plan, BigInt(usdcFee.maximum));
  const signed = delegateOfBatch(batch).signUserOperation(op, chainId, wallet);
  return { op: signed, hash: userOperationHash(signed, chainId), sent: false, fromBlock };
}

/** Before the approval: the op estimated and its fee in USDC quoted (the expected fee and the cap); nothing signed. */
export async function planUsdc({ node, network, upgraded, delegate, usdc }: PlanContext, draft: BatchDraft): Promise<BatchRecord> {
  if (!network.usdcPaymaster || !usdc) throw new Error('a fee in USDC needs the chain’s USDC paymaster and a bundler');
  const shape = { ...draft, upgrade: !upgraded, ...(upgraded && delegate ? { delegate } : {}) };
  const authorization = upgraded ? undefined : dummyAuthorization(network.chainId, await accountNonce(node, draft.from));
  const op = await draftOperation(node, network.chainId, shape, authorization);
  const { quote } = await planUsdcFee(node, named(usdc.bundler, usdc.host), network.usdcPaymaster, op, expectedFeePerGas(op));
  return planned(draft, network, {
    executor: 'usdc', atomic: true, upgrade: shape.upgrade, ...(shape.delegate ? { delegate: shape.delegate } : {}), gasLimits: [],
    usdcFee: {
      paymaster: network.usdcPaymaster, expected: quote.expected.toString(), maximum: quote.maximum.toString(), maxFeePerGas: op.maxFeePerGas,
      upgrade: shape.upgrade, ...(shape.delegate ? { delegate: shape.delegate } : {}), bundlerHost: usdc.host,
    },
  });
}
