import { describe, expect, it } from 'vitest';
import { RpcError } from '../../../shared/errors';
import { nodeSaid } from '../../../shared/errors.fixture';
import { refusesTransaction } from './nodeAnswers';

describe("a node's answer to a transaction sent", () => {
  it("is a refusal of its bytes only in the node's own words, never in the wallet's sentence of a failure, which names the network a page may have named", () => {
    expect(refusesTransaction(new RpcError(-32005, 'The nodes of nonce too low testnet are limiting requests'))).toBe(false);
    expect(refusesTransaction(new RpcError(-32005, 'The nodes of intrinsic gas too low are limiting requests'))).toBe(false);
    expect(refusesTransaction(nodeSaid(-32000, 'nonce too low'))).toBe(true);
    expect(refusesTransaction(nodeSaid(-32000, 'intrinsic gas too low'))).toBe(true);
  });
});
