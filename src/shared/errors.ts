import type { ErrorKey } from './errorWords';
import type { Words } from './words';
import { markedError } from './markedError';

/** EIP-1193 / JSON-RPC error codes the wallet answers with. */
export const ErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
  serverError: -32000,
  /** EIP-1474 "resource unavailable": MetaMask's answer while the same kind of request is already pending. */
  resourceUnavailable: -32002,
  limitExceeded: -32005,
} as const;

/** EIP-5792's codes for wallet_sendCalls and its status methods. */
export const BatchErrorCode = {
  unsupportedVersion: -32000,
  unsupportedCapability: 5700,
  unsupportedChain: 5710,
  duplicateId: 5720,
  unknownBundle: 5730,
  tooManyCalls: 5740,
  upgradeRejected: 5750,
  atomicityNotSupported: 5760,
} as const;

/** ERC-7677 through wallet_sendCalls (spec 7.4): a bad paymaster URL, and anything the service got wrong. */
export const PaymasterErrorCode = { invalidUrl: 4200, serviceError: 4300 } as const;

export interface RpcErrorObject {
  code: number;
  message: string;
  data?: unknown;
}

/** What a page method's error's `data` may carry besides its own fields: the refusal in words (shared/errorWords.ts). */
export interface ErrorData {
  words?: Words<ErrorKey>;
}

/**
 * The one error type thrown anywhere; the pipeline turns it into the EIP-1193 reply. A page method's refusal also
 * carries its words in `data` (ErrorData), which the screens say in the browser's language beside the English
 * `message` dapps and logs read; the pages' pipeline adds them (background/pages/refusalWords.ts), never to a dapp.
 * Marked (markedError.ts): the worker's later script bundles a copy of this class of its own.
 */
// Pure: a script that imports only the codes (the content script) does not build the class in every frame.
export class RpcError extends /* @__PURE__ */ markedError('RpcError') {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }

  toObject(): RpcErrorObject {
    return this.data === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, data: this.data };
  }
}

/**
 * Whether an RpcError is a server's answer as it came (a node's, a bundler's, a paymaster's: shared/jsonRpc.ts marks
 * it `server`): its message and data are the server's, which the screens never read as the wallet's.
 */
export const isServerSaid = (error: RpcError): boolean => (error as { server?: unknown }).server === true;

/**
 * Whether a failed node call failed on the way rather than being answered: the wallet's own failures (the node
 * unreachable, an answer that is no reply, requests limited: networks/rpcClient.ts) and a node limiting requests. Such
 * an error says nothing of the request, so it is never read as a revert.
 */
export const failedOnTheWay = (error: unknown): boolean => error instanceof RpcError && (!isServerSaid(error) || error.code === ErrorCode.limitExceeded);

/**
 * A server's error with a provider's code (EIP-1193's 4001 "user rejected", 4900…, EIP-5792's 57xx, ERC-7677's 4300)
 * as -32000, still the server's: those codes are the wallet's to give, and a dapp (or the wallet itself) would act on
 * them as its. JSON-RPC's own codes (negative) and a node's small ones (3: a revert, with its data) stay the server's.
 */
export const serverCoded = (error: RpcError): RpcError =>
  isServerSaid(error) && error.code >= 1000 ? Object.assign(new RpcError(ErrorCode.serverError, error.message, error.data), { server: true }) : error;

/**
 * An error's message where a sentence of the wallet's quotes it (why a probe or a bundler failed): a server's inside
 * the wallet's "The network's server answered: …", so the screens never say it as a reason of the wallet's it reads
 * like (background/pages/refusalWords.ts cleans and bounds what it said).
 */
export const quotedError = (error: unknown): string => `${isServerSaid(error as RpcError) ? "The network's server answered: " : ''}${(error as Error).message}`;

/** The page methods' password refusals, in the words the popup translates (ui/format/errorText.ts). */
export const INCORRECT_PASSWORD = 'Incorrect password';
export const UNLOCK_FIRST = 'Unlock the wallet first';

export const invalidParams = (message: string): RpcError => new RpcError(ErrorCode.invalidParams, message);
export const userRejected = (): RpcError => new RpcError(ErrorCode.userRejected, 'User rejected the request');
export const unauthorized = (message = 'Requested account and/or method not authorized by the user'): RpcError =>
  new RpcError(ErrorCode.unauthorized, message);

/** Any thrown value as a reply error: RpcErrors keep their code (a server's only if no provider's), anything else is internal. */
export function toErrorObject(error: unknown): RpcErrorObject {
  if (error instanceof RpcError) return serverCoded(error).toObject();
  const message = error instanceof Error ? error.message : String(error);
  return { code: ErrorCode.internal, message: `Internal error: ${message}` };
}
