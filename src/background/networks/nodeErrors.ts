/**
 * Nodes word transaction errors differently (anvil: -32003 "transaction already imported",
 * "Insufficient funds for gas * price + value"). Dapps get the spec's form on every node:
 * code -32000 and the spec's message, with the node's original error in `data`.
 */
import { ErrorCode, RpcError, isServerSaid } from '../../shared/errors';

export const TX_ERRORS = {
  nonceTooLow: 'nonce too low',
  insufficientFunds: 'insufficient funds for gas * price + value',
  alreadyKnown: 'already known',
  underpriced: 'replacement transaction underpriced',
} as const;

const PATTERNS: [RegExp, string][] = [
  [/nonce too low/i, TX_ERRORS.nonceTooLow],
  [/insufficient funds/i, TX_ERRORS.insufficientFunds],
  [/already known|already imported/i, TX_ERRORS.alreadyKnown],
  [/replacement transaction underpriced/i, TX_ERRORS.underpriced],
];

/** Only a node's own answer is read: the wallet's sentences of a failure name the network, whose name a page picks. */
export function normalizeTransactionError(error: unknown): unknown {
  if (!(error instanceof RpcError) || !isServerSaid(error)) return error;
  const match = PATTERNS.find(([pattern]) => pattern.test(error.message));
  if (!match) return error;
  return new RpcError(ErrorCode.serverError, match[1], { nodeError: error.toObject() });
}
