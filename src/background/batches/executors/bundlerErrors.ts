/**
 * ERC-4337 bundler errors (ERC-7769's codes) as answers a dapp can act on: what the paymaster refused is 4300 (spec
 * 7.4, as from the paymaster service itself), everything else is -32000 saying what the bundler objected to. The
 * bundler's own words stay in `data`, bounded.
 */
import { ErrorCode, PaymasterErrorCode, RpcError, serverCoded } from '../../../shared/errors';

const PAYMASTER = new Map<number, string>([
  [-32501, 'the paymaster refused the userOp during validation'],
  [-32503, "the paymaster's signature is outside its validity window"],
  [-32504, 'the paymaster is throttled or banned by the bundler'],
  [-32505, "the paymaster's stake or unstake delay is too low"],
]);

const OTHER = new Map<number, string>([
  [-32500, "the account's validation failed"],
  [-32502, 'validation used a forbidden opcode or storage access'],
  [-32506, 'the userOp names an unsupported signature aggregator'],
  [-32507, "the account's signature is invalid"],
  [-32521, 'the calls would revert'],
]);

const MAX_REASON = 300;

export function bundlerError(error: unknown): unknown {
  if (!(error instanceof RpcError)) return error;
  const reason = error.message.slice(0, MAX_REASON);
  const paymaster = PAYMASTER.get(error.code);
  if (paymaster) return new RpcError(PaymasterErrorCode.serviceError, 'Paymaster service error', { message: `${paymaster}: ${reason}`, bundlerCode: error.code });
  const other = OTHER.get(error.code);
  if (other) return new RpcError(ErrorCode.serverError, `The bundler refused the userOp: ${other}`, { message: reason, bundlerCode: error.code });
  // A dapp would take the bundler's 4001 for the user's refusal.
  return serverCoded(error);
}
