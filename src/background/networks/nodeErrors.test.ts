import { describe, expect, it } from 'vitest';
import { RpcError } from '../../shared/errors';
import { nodeSaid } from '../../shared/errors.fixture';
import { normalizeTransactionError, TX_ERRORS } from './nodeErrors';

describe('node transaction errors', () => {
  it.each([
    [-32003, 'nonce too low: next nonce 5, tx nonce 1', TX_ERRORS.nonceTooLow],
    [-32003, 'Insufficient funds for gas * price + value', TX_ERRORS.insufficientFunds],
    [-32003, 'transaction already imported', TX_ERRORS.alreadyKnown],
    [-32000, 'already known', TX_ERRORS.alreadyKnown],
    [-32000, 'replacement transaction underpriced', TX_ERRORS.underpriced],
  ])('%i "%s" becomes -32000 "%s" with the original in data', (code, message, expected) => {
    const normalized = normalizeTransactionError(nodeSaid(code, message, 'raw')) as RpcError;
    expect(normalized.toObject()).toEqual({ code: -32000, message: expected, data: { nodeError: { code, message, data: 'raw' } } });
  });

  it('passes other errors through unchanged', () => {
    const error = nodeSaid(-32000, 'execution reverted');
    expect(normalizeTransactionError(error)).toBe(error);
  });

  it("reads a node's answer only, never the wallet's sentence of a failure, which names the network a page may have named", () => {
    const limited = new RpcError(-32005, 'The nodes of nonce too low testnet are limiting requests');
    expect(normalizeTransactionError(limited)).toBe(limited);
  });
});
