/**
 * The fee in USDC's quotes as the worker's later script hands them out (../laterModules.ts): the Send's, and a batch's
 * fee sources that its review shows. Why a quote failed is said as the pages say an error (./refusalWords.ts): the
 * wallet's refusal in words, a server's message inside the wallet's sentence, as written. The quotes themselves are
 * ../batches/usdcSendQuote.ts and ../batches/feeOptions.ts, which take no page code of their own.
 */
import type { SendUsdcQuote } from '../../shared/send';
import type { FeeSourcesRequest, UsdcSendQuoteRequest } from '../batches/executors/executor';
import { withFeeSources as feeSources } from '../batches/feeOptions';
import type { BatchRecord } from '../batches/types';
import { usdcSendQuote as sendQuote } from '../batches/usdcSendQuote';
import type { ChainNode } from '../networks/rpcClient';
import { pageError } from './refusalWords';

export const usdcSendQuote = (node: ChainNode, request: UsdcSendQuoteRequest): Promise<SendUsdcQuote> => sendQuote(node, request, pageError);

export const withFeeSources = (request: FeeSourcesRequest): Promise<BatchRecord> => feeSources(request, pageError);
