/**
 * The popup's Send, its fee in USDC (issue 45), in the worker's later script: whether the chain's USDC paymaster can
 * take it for this account and this call, and the quote the review will show (the usdc executor's plan: the bundler's
 * estimate priced at the paymaster's terms; nothing signed); or why not. Whether the account's USDC covers what it
 * sends and the cap is the form's to weigh, as it knows the amount typed. Every failure is a reason, never a throw,
 * and a bundler that has not answered within USDC_QUOTE_DEADLINE_MS is given up on (../usdcFees/deadline.ts).
 */
import { walletDelegateOf } from '../../shared/delegates';
import type { FeeSaying } from '../../shared/fees';
import type { SendUsdcQuote } from '../../shared/send';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { withinQuoteDeadline } from '../usdcFees/deadline';
import { usdcAmountUp, usdcFeeLine } from '../usdcFees/feeLine';
import { NO_USDC_HELD, asWritten, noBundler, noPaymaster, quoteFailedAs, quoteLate, usdcUnavailable, type SayError } from '../usdcFees/unavailable';
import type { UsdcSendQuoteRequest } from './executors/executor';
import { planUsdc } from './executors/usdcCode';
import { usdcBalance } from './feeOptions';

const hex = (value: bigint): Hex => `0x${value.toString(16)}`;
const notOffered = ({ message, words }: FeeSaying): SendUsdcQuote => ({ offered: false, reason: message, words });

const LEDGER: FeeSaying = { message: 'A Ledger account pays its network fee in ETH: its device does not sign a fee in USDC yet', words: { key: 'fees_ledger' } };

async function quote(node: ChainNode, { network, origin, from, call, ledger, fees: { bundler, code: facade } }: UsdcSendQuoteRequest): Promise<SendUsdcQuote> {
  if (ledger) return notOffered(LEDGER);
  const usdc = network.usdcPaymaster;
  if (!usdc) return notOffered(noPaymaster(network));
  const [balance, code] = await Promise.all([usdcBalance(node, usdc.token, from), node<string>('eth_getCode', [from, 'pending'])]);
  // No bundler is asked for an account that could not pay anyway.
  if (balance === 0n) return notOffered(NO_USDC_HELD);
  const delegate = walletDelegateOf(code);
  const unavailable = usdcUnavailable(network, code !== '0x' && !delegate, { bundler });
  if (unavailable || !bundler) return notOffered(unavailable ?? noBundler(network));
  const planned = await planUsdc(
    { node, network, upgraded: delegate !== null, ...(delegate ? { delegate } : {}), usdc: { bundler: await bundler.node(), host: bundler.host, code: facade } },
    { id: 'send-quote', origin, from, calls: [call] },
  );
  const fee = { expected: BigInt(planned.usdcFee!.expected), maximum: BigInt(planned.usdcFee!.maximum) };
  const { message, words } = usdcFeeLine(fee);
  return { offered: true, token: usdc.token, balance: hex(balance), maximum: hex(fee.maximum), line: message, words, atMost: usdcAmountUp(fee.maximum) };
}

export function usdcSendQuote(node: ChainNode, request: UsdcSendQuoteRequest, sayError: SayError = asWritten): Promise<SendUsdcQuote> {
  return withinQuoteDeadline(
    quote(node, request).catch((error: unknown) => notOffered(quoteFailedAs(sayError(error)))),
    () => notOffered(quoteLate(request.fees.bundler?.host)),
  );
}
