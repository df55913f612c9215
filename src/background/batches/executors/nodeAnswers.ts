/** How the executors read a node's answer to a transaction they sent. */
import { ErrorCode, RpcError, isServerSaid } from '../../../shared/errors';
import { normalizeTransactionError } from '../../networks/nodeErrors';

/**
 * A node that predates EIP-7702 refusing the type-4 transaction (geth: "transaction type not supported";
 * anvil: "EIP-7702 fields received but is not supported by the current hardfork"). Narrow on purpose:
 * a transient authorization error must not mark the chain as without EIP-7702.
 */
export const NO_7702 = /transaction type not supported|invalid transaction type|7702.* not supported/i;

/** No answer, or one that says nothing (unreachable, timed out, not JSON): the node may have taken the bytes. */
export const unclear = (error: unknown): boolean =>
  error instanceof RpcError && (error.code === ErrorCode.chainDisconnected || error.code === ErrorCode.internal);

/** How nodes (geth's txpool and those that copy its words: reth, erigon, nethermind, anvil) refuse a transaction's bytes. */
const REFUSALS = /intrinsic gas too low|exceeds block gas limit|gas limit reached|fee cap less than block base fee|max fee per gas less than block base fee|transaction underpriced|tip above fee cap|max priority fee per gas higher than max fee per gas|exceeds the configured cap|invalid sender|invalid chain ?id|oversized data|gas uint64 overflow|nonce too high|nonce has max value|negative value/i;

/**
 * The node refused the bytes themselves (the answers eth_sendRawTransaction gives too), not the method it was asked.
 * Only these fail a batch: any other answer may come from a gateway that relayed the bytes anyway. Read from the node's
 * own answer only: the wallet's sentence of a failure names the network, whose name a page picks ("nonce too low").
 */
export const refusesTransaction = (error: unknown): boolean =>
  error instanceof RpcError && isServerSaid(error) && (normalizeTransactionError(error) !== error || NO_7702.test(error.message) || REFUSALS.test(error.message));
