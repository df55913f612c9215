import { describe, expect, it } from 'vitest';
import { RpcError, isServerSaid } from '../../../shared/errors';
import { bundlerError } from './bundlerErrors';
import { nodeSaid } from '../../../shared/errors.fixture';

describe('bundler errors', () => {
  it('what the paymaster refused is 4300 "Paymaster service error", with the reason', () => {
    expect((bundlerError(new RpcError(-32501, 'AA33 reverted: paymaster says no')) as RpcError).toObject()).toEqual({
      code: 4300, message: 'Paymaster service error', data: { message: 'the paymaster refused the userOp during validation: AA33 reverted: paymaster says no', bundlerCode: -32501 },
    });
  });

  it.each([
    [-32502, 'validation used a forbidden opcode or storage access'],
    [-32507, "the account's signature is invalid"],
    [-32500, "the account's validation failed"],
  ])('%i is -32000 naming what the bundler objected to', (code, what) => {
    expect((bundlerError(new RpcError(code, 'AA24 signature error')) as RpcError).toObject()).toEqual({
      code: -32000, message: `The bundler refused the userOp: ${what}`, data: { message: 'AA24 signature error', bundlerCode: code },
    });
  });

  it('leaves other errors as they are', () => {
    const unreachable = new RpcError(4901, 'The node of Local devnet (bundler) is unreachable');
    expect(bundlerError(unreachable)).toBe(unreachable);
  });

  it("never answers a dapp with a provider's code the bundler picked: its 4001 is no user's refusal", () => {
    const said = nodeSaid(4001, 'User rejected the request.', { why: 'mine' });
    const mapped = bundlerError(said) as RpcError;
    expect([mapped.toObject(), isServerSaid(mapped)]).toEqual([{ code: -32000, message: 'User rejected the request.', data: { why: 'mine' } }, true]);
    // A JSON-RPC code of its own stays the bundler's.
    const limited = nodeSaid(-32005, 'slow down');
    expect(bundlerError(limited)).toBe(limited);
  });
});
