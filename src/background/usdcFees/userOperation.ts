/**
 * A userOp whose fee is paid in USDC (issue 45), in the two steps of every executor. Before the user approves
 * (`planUsdcFee`): the bundler estimates the op without the paymaster, the sender's balance overridden — the account
 * holds no ETH, and the paymaster's validation would refuse a stub permit, while no real one may be signed yet — and
 * the quote prices those limits with the wallet's own paymaster gas (devnet/usdcPaymasterBundler.test.ts runs this
 * through Alto). After (`payInUsdc`): the paymaster's terms are read again, and when the fee could now exceed the cap
 * the user approved nothing is signed; else the permit for that cap is signed and goes into the paymaster fields.
 */
import type { BaseWallet } from 'ethers';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import type { RpcUserOperation } from '../../shared/erc4337';
import { PaymasterErrorCode, RpcError } from '../../shared/errors';
import type { UsdcPaymaster } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { estimatedGas } from '../../shared/userOperationGas';
import type { ChainNode } from '../networks/rpcClient';
import { assertAdmits } from './admits';
import { usdcAmountUp } from './feeLine';
import { USDC_PAYMASTER_EXPECTED_VERIFICATION_GAS, USDC_PAYMASTER_GAS, usdcPaymasterFields } from './paymasterData';
import { readPermitToken, usdcPermit } from './permit';
import { requiredPrefund, tokenCost, usdcFeeQuote, type UsdcFeeQuote } from './quote';
import { readPaymasterTerms } from './terms';

/** What the estimate pretends the sender holds: any amount past the prefund will do. */
const ESTIMATE_BALANCE: Hex = `0x${(10n ** 24n).toString(16)}`;

export interface UsdcFeePlan {
  /** The draft with the bundler's gas limits and the paymaster's, its paymaster data still to come. */
  op: RpcUserOperation;
  paymaster: UsdcPaymaster;
  quote: UsdcFeeQuote;
}

const postOpGas = (additionalGasCharge: bigint): bigint => (additionalGasCharge > USDC_PAYMASTER_GAS.postOp ? additionalGasCharge : USDC_PAYMASTER_GAS.postOp);
const hex = (value: bigint): Hex => `0x${value.toString(16)}`;

const limitsOf = (op: RpcUserOperation) => ({
  verificationGasLimit: BigInt(op.verificationGasLimit), callGasLimit: BigInt(op.callGasLimit), preVerificationGas: BigInt(op.preVerificationGas),
  paymasterVerificationGasLimit: BigInt(op.paymasterVerificationGasLimit ?? '0x0'), paymasterPostOpGasLimit: BigInt(op.paymasterPostOpGasLimit ?? '0x0'),
  maxFeePerGas: BigInt(op.maxFeePerGas),
});

/** Before the approval: the estimate and the quote the screen shows; nothing is signed. `feePerGas` is the one expected at inclusion. */
export async function planUsdcFee(node: ChainNode, bundler: ChainNode, paymaster: UsdcPaymaster, draft: RpcUserOperation, feePerGas: bigint): Promise<UsdcFeePlan> {
  const { paymaster: _p, paymasterData: _d, paymasterVerificationGasLimit: _v, paymasterPostOpGasLimit: _o, ...bare } = draft;
  const [terms, , gas] = await Promise.all([
    readPaymasterTerms(node, paymaster.paymaster),
    // Paused, or this sender denied: nothing offered, or nothing signed (./admits.ts).
    assertAdmits(node, paymaster.paymaster, bare.sender),
    bundler<unknown>('eth_estimateUserOperationGas', [bare, ENTRY_POINT_V08, { [bare.sender]: { balance: ESTIMATE_BALANCE } }]).then(estimatedGas),
  ]);
  const op: RpcUserOperation = {
    ...bare, callGasLimit: gas.callGasLimit, verificationGasLimit: gas.verificationGasLimit, preVerificationGas: gas.preVerificationGas,
    paymaster: paymaster.paymaster, paymasterVerificationGasLimit: hex(USDC_PAYMASTER_GAS.verification), paymasterPostOpGasLimit: hex(postOpGas(terms.additionalGasCharge)),
  };
  // The account's limits bound what it uses (the figure leans high rather than low), plus what the paymaster's
  // validation is expected to use; its postOp is the terms' additional gas charge (quote.ts).
  const gasUsed = BigInt(gas.callGasLimit) + BigInt(gas.verificationGasLimit) + BigInt(gas.preVerificationGas) + USDC_PAYMASTER_EXPECTED_VERIFICATION_GAS;
  return { op, paymaster, quote: usdcFeeQuote(terms, limitsOf(op), { gasUsed, feePerGas }) };
}

/** After the approval of `cap` (the quote's maximum the screen showed): the op with its paymaster fields, ready for the account's signature. */
export async function payInUsdc(node: ChainNode, wallet: Pick<BaseWallet, 'address' | 'signTypedData'>, chainId: Hex, plan: UsdcFeePlan, cap: bigint): Promise<RpcUserOperation> {
  const owner = wallet.address as Hex;
  const [terms, { token, nonce }] = await Promise.all([readPaymasterTerms(node, plan.paymaster.paymaster), readPermitToken(node, plan.paymaster.token, owner)]);
  const op: RpcUserOperation = { ...plan.op, paymasterPostOpGasLimit: hex(postOpGas(terms.additionalGasCharge)) };
  const prefund = tokenCost(requiredPrefund(limitsOf(op)) + terms.additionalGasCharge * BigInt(op.maxFeePerGas), terms.price, terms.feeSpread).total;
  if (prefund > cap) {
    // 4300: the paymaster's terms no longer fit what was approved (spec 7.4, "Paymaster returned an error").
    throw new RpcError(PaymasterErrorCode.serviceError, `The network fee would exceed the approved maximum of ${usdcAmountUp(cap)} USDC: it could now take up to ${usdcAmountUp(prefund)} USDC; nothing was signed or sent`);
  }
  const permit = usdcPermit({ chainId, token, owner, spender: plan.paymaster.paymaster, value: cap, nonce });
  const { EIP712Domain: _domain, ...types } = permit.types;
  const permitSignature = (await wallet.signTypedData(permit.domain, types, permit.message)) as Hex;
  return { ...op, ...usdcPaymasterFields({ paymaster: plan.paymaster.paymaster, token: plan.paymaster.token, permitAmount: cap, permitSignature }, terms.additionalGasCharge) };
}
