/**
 * Who pays a new batch's network fee when no site's paymaster does (issue 45), decided before the user is asked: ETH
 * when the balance covers what the calls send and the most the fee can take; USDC through the chain's USDC paymaster
 * (one userOp, ./executors/usdc.ts) when the chain has one, supports EIP-7702 and the account holds the quote's cap on
 * top of the USDC the calls send; both offered when both work (the ETH plan runs unless the user picks USDC), and why
 * for each when neither does (../usdcFees/feeSource.ts).
 */
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { FeeSaying, FeeSource } from '../../shared/fees';
import { withinQuoteDeadline } from '../usdcFees/deadline';
import { usdcFeeLine } from '../usdcFees/feeLine';
import { chooseFeeSource, type FeeOptions } from '../usdcFees/feeSource';
import { NO_USDC_HELD, asWritten, quoteFailedAs, quoteLate, usdcUnavailable, type SayError } from '../usdcFees/unavailable';
import type { FeePlanning, FeeSourcesRequest } from './executors/executor';
import { planUsdc } from './executors/usdcCode';
import type { BatchCall, BatchRecord } from './types';

/** A fee in USDC: planned (its record) with the account's USDC, or why it cannot be. */
type UsdcOption = { planned: BatchRecord; balance: bigint } | { reason: FeeSaying };

const TRANSFER = '0xa9059cbb';
const BALANCE_OF = '0x70a08231';
const word = (data: Hex, index: number): bigint => BigInt(`0x${data.slice(10 + 64 * index, 10 + 64 * (index + 1))}`);

/** The USDC the calls send with `transfer` (its hex in either case): counted with the fee, which the paymaster takes before they run. */
const usdcSent = (calls: BatchCall[], token: Hex): bigint =>
  calls.reduce((sum, c) => (c.to?.toLowerCase() === token.toLowerCase() && c.data.toLowerCase().startsWith(TRANSFER) && c.data.length >= 138 ? sum + word(c.data, 1) : sum), 0n);

export const usdcBalance = async (node: ChainNode, token: Hex, owner: Hex): Promise<bigint> =>
  BigInt(await node<Hex>('eth_call', [{ to: token, data: `${BALANCE_OF}${owner.slice(2).toLowerCase().padStart(64, '0')}` }, 'pending']));

async function ethTerms(node: ChainNode, network: Network, plan: BatchRecord, maxFeePerGas: Promise<bigint>): Promise<FeeOptions['eth']> {
  const [balance, feePerGas] = await Promise.all([node<Hex>('eth_getBalance', [plan.from, 'pending']).then(BigInt), maxFeePerGas]);
  const gas = plan.gasLimits.reduce((sum, g) => sum + BigInt(g), 0n);
  return { maximum: gas * feePerGas, balance, spent: plan.calls.reduce((sum, c) => sum + BigInt(c.value), 0n), symbol: network.nativeCurrency.symbol };
}

function usdcTerms(network: Network, calls: BatchCall[], option: UsdcOption): FeeOptions['usdc'] {
  if ('reason' in option) return { available: false, reason: option.reason };
  const { planned: { usdcFee }, balance } = option;
  const token = network.usdcPaymaster!.token;
  return { available: true, balance, spent: usdcSent(calls, token), quote: { expected: BigInt(usdcFee!.expected), maximum: BigInt(usdcFee!.maximum) } };
}

/**
 * The batch as it waits for the user: the ETH plan with the choices the screen offers (the USDC plan's fee beside it
 * when USDC is one), the USDC plan when only USDC works, or the ETH plan with no choice and why when neither does.
 */
async function withFeeChoice(node: ChainNode, network: Network, ethPlan: BatchRecord, usdc: UsdcOption, fees: Pick<FeePlanning, 'maxFeePerGas'>): Promise<BatchRecord> {
  const eth = await ethTerms(node, network, ethPlan, fees.maxFeePerGas);
  const usdcOption = usdcTerms(network, ethPlan.calls, usdc);
  const choice = chooseFeeSource({ sponsored: false, eth, usdc: usdcOption });
  if (choice.source === 'none') return { ...ethPlan, feeChoices: [], feeReasons: choice.reasons.map((r) => r.message), feeReasonWords: choice.reasons.map((r) => r.words) };
  // Never here: only a batch no site's paymaster sponsors is weighed.
  if (choice.source === 'sponsored') return ethPlan;
  const usdcPlan = 'planned' in usdc ? usdc.planned : undefined;
  if (choice.source === 'usdc') return { ...usdcPlan!, feeChoices: choice.choices };
  return { ...ethPlan, feeChoices: choice.choices, ...(choice.choices.includes('usdc') ? { usdcFee: usdcPlan!.usdcFee } : {}) };
}

/**
 * The batch's plan with its fee sources: the ETH plan, and a fee in USDC planned beside it unless impossible. Why it
 * failed is said as `sayError` says it (../usdcFees/unavailable.ts).
 */
export async function withFeeSources({ context, ethPlan, draft, otherCode, fees }: FeeSourcesRequest, sayError: SayError = asWritten): Promise<BatchRecord> {
  const { node, network } = context;
  const unavailable = usdcUnavailable(network, otherCode, fees);
  // The account's USDC first: no bundler (a third party) is sent the batch of an account that could not pay anyway.
  const inUsdc: Promise<UsdcOption> = unavailable
    ? Promise.resolve({ reason: unavailable })
    : usdcBalance(node, network.usdcPaymaster!.token, draft.from).then(async (balance) => (balance === 0n
      ? { reason: NO_USDC_HELD }
      : { planned: await planUsdc({ ...context, usdc: { bundler: await fees.bundler!.node(), host: fees.bundler!.host, code: fees.code } }, draft), balance }))
      // A node's or a bundler's words, shown on the screen: bounded and cleaned.
      .catch((error: unknown) => ({ reason: quoteFailedAs(sayError(error)) }));
  // The screen waits for the ETH plan and this one: a bundler that does not answer holds it no longer than the Send.
  const inTime = withinQuoteDeadline(inUsdc, () => ({ reason: quoteLate(fees.bundler?.host) }));
  const [planned, usdc] = await Promise.all([ethPlan, inTime]);
  return withFeeChoice(node, network, planned, usdc, fees);
}

/** The fee sources as the screen offers them (absent when a site's paymaster pays), the USDC fee in its line, each in English and in words. */
export function feeSourcesShown(batch: BatchRecord, preferred: FeeSource | undefined): SendCallsDetails['feeSources'] {
  if (!batch.feeChoices) return undefined;
  const choices = batch.feeChoices;
  const line = batch.usdcFee && choices.includes('usdc') && usdcFeeLine({ expected: BigInt(batch.usdcFee.expected), maximum: BigInt(batch.usdcFee.maximum) });
  const usdc = line ? { usdc: { line: line.message, words: line.words, maximum: batch.usdcFee!.maximum, upgrade: batch.usdcFee!.upgrade } } : {};
  const first = preferred && choices.includes(preferred) ? preferred : choices[0];
  const { feeReasons: reasons, feeReasonWords: reasonWords } = batch;
  return { choices, ...(first ? { preferred: first } : {}), ...usdc, ...(reasons ? { reasons } : {}), ...(reasonWords ? { reasonWords } : {}) };
}
