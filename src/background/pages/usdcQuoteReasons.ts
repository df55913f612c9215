/**
 * The Send's quote of a fee in USDC as the popup gets it, in the worker's later script: why it failed said as the
 * pages say an error (./refusalWords.ts), the wallet's refusal in words and a server's message inside the wallet's
 * sentence, as written. The quote itself is ../batches/usdcSendQuote.ts, which takes no page code of its own.
 */
import type { SendUsdcQuote } from '../../shared/send';
import type { UsdcSendQuoteRequest } from '../batches/executors/executor';
import { usdcSendQuote as quote } from '../batches/usdcSendQuote';
import type { ChainNode } from '../networks/rpcClient';
import { pageError } from './refusalWords';

export const usdcSendQuote = (node: ChainNode, request: UsdcSendQuoteRequest): Promise<SendUsdcQuote> => quote(node, request, pageError);
