/**
 * The popup's Send, its fee in USDC (issue 45): whether the chain's USDC paymaster can take it for this account and
 * this call, and the quote the review will show (the usdc executor's plan: the bundler's estimate priced at the
 * paymaster's terms; nothing signed); or why not. Whether the account's USDC covers what it sends and the cap is the
 * form's to weigh, as it knows the amount typed.
 */
import { walletDelegateOf } from '../../shared/delegates';
import type { Network } from '../../shared/networks';
import type { SendUsdcQuote } from '../../shared/pages';
import type { Hex } from '../../shared/params';
import { usdc as usdcExecutor } from '../batches/executors/usdc';
import { usdcUnavailable } from '../batches/feeOptions';
import { bundlerUrlOf } from '../batches/sponsorship';
import type { BatchCall } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import type { Services } from '../services';
import { readBalance } from '../tokens/read';
import { usdcAmountUp, usdcFeeLine } from '../usdcFees/feeLine';

const hex = (value: bigint): Hex => `0x${value.toString(16)}`;

/** The ETH quote never waits longer than this for the bundler's estimate: past it, a fee in USDC is not offered. */
export const USDC_QUOTE_DEADLINE_MS = 5000;

/** `work`, or `late`'s reason once the deadline passed. */
async function byDeadline<T>(work: Promise<T>, late: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([work, new Promise<T>((resolve) => (timer = setTimeout(() => resolve(late), USDC_QUOTE_DEADLINE_MS)))]);
  } finally {
    clearTimeout(timer);
  }
}

export async function sendUsdcQuote(
  services: Pick<Services, 'bundlerFor'>,
  node: ChainNode,
  network: Network,
  sender: { origin: string; from: Hex },
  call: BatchCall,
): Promise<SendUsdcQuote> {
  const usdc = network.usdcPaymaster;
  if (!usdc) return { offered: false, reason: `No USDC paymaster on ${network.name}` };
  // The bundler wallet_sendCalls would plan with (rpc/batches.ts feePlanning): the user's, else the public one.
  const url = bundlerUrlOf(network, undefined);
  const bundler = url ? { node: () => services.bundlerFor(network.chainId), host: new URL(url).host } : undefined;
  const late: SendUsdcQuote = { offered: false, reason: `No quote for a fee in USDC within ${USDC_QUOTE_DEADLINE_MS / 1000} s (the bundler at ${bundler?.host})` };
  return byDeadline((async (): Promise<SendUsdcQuote> => {
    const [balance, code] = await Promise.all([readBalance(node, usdc.token, sender.from), node<string>('eth_getCode', [sender.from, 'pending'])]);
    // No bundler is asked for an account that could not pay anyway.
    if (balance === 0n) return { offered: false, reason: 'Not enough USDC: the account holds none' };
    const delegate = walletDelegateOf(code);
    const unavailable = usdcUnavailable(network, code !== '0x' && !delegate, { bundler });
    if (unavailable || !bundler) return { offered: false, reason: unavailable ?? 'No bundler' };
    const planned = await usdcExecutor.plan(
      { node, network, upgraded: delegate !== null, ...(delegate ? { delegate } : {}), bundler: { node: await bundler.node(), host: bundler.host } },
      { id: 'send-quote', origin: sender.origin, from: sender.from, calls: [call] },
    );
    const quote = { expected: BigInt(planned.usdcFee!.expected), maximum: BigInt(planned.usdcFee!.maximum) };
    return { offered: true, token: usdc.token, balance: hex(balance), maximum: hex(quote.maximum), line: usdcFeeLine(quote), atMost: usdcAmountUp(quote.maximum) };
  })().catch((error: unknown) => ({ offered: false, reason: (error as Error).message })), late);
}
