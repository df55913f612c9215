/**
 * A batch run before it is signed: the exact calls from the account through the node's eth_simulateV1 (traceTransfers
 * reports ETH moves as logs), with the account's EIP-7702 delegation put in place by a state override when the batch
 * will install it. It runs in the next block as the node sees it (number, time, base fee, coinbase) and, when the
 * account pays, with the fee caps and gas limits the transactions carry, checked as transactions are: a contract
 * that reads them sees what it will see on chain. Without eth_simulateV1, each call is checked by eth_call for a
 * revert and there is no preview.
 */
import { delegationCode } from '../../shared/contracts';
import { cleanText } from '../../shared/displayText';
import { ErrorCode, RpcError, failedOnTheWay, isServerSaid } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { CallRevert, Outcome } from '../../shared/preview';
import type { Words } from '../../shared/words';
import type { ChainNode } from '../networks/rpcClient';
import { effectsFor, type Log } from './effects';
import { nextBlock } from './nextBlock';
import { revertReason } from './revertReason';
import type { TokenInfoLookup } from './tokenInfo';

export interface SimulationRequest {
  chainId: Hex;
  /** The node's network, for messages, and its currency's symbol. */
  networkName: string;
  nativeSymbol: string;
  from: Hex;
  /** `gas`: the limit the call's transaction will carry (the whole transaction's for an atomic batch). */
  calls: { to?: Hex; value: Hex; data: Hex; gas?: Hex }[];
  /** The fee caps the transactions will carry; absent when the account does not pay them (a sponsor does). */
  fees?: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex };
  /** All calls or none (one transaction, or a userOp): a revert undoes the others. */
  atomic: boolean;
  /** The contract the batch delegates the account to, when the account is not delegated yet. */
  delegate?: Hex;
}

/**
 * The words of a failure the wallet wrote (a node's, as networks/rpcClient.ts words it), else undefined: a node's own
 * message is said as written. The pages' refusal table, which the worker's later script hands in (../pages/previewReasons.ts).
 */
export type ErrorWords = (error: unknown) => Words | undefined;

type SimulatedCall = { status: Hex; returnData: Hex; logs: Log[]; error?: { message?: string; data?: Hex } };

/** Node errors that mean "no such method here" rather than "the simulation failed". */
const UNSUPPORTED = /not (found|supported|available|implemented)|unsupported|does not exist/i;
const INSUFFICIENT = /insufficient funds|insufficient balance/i;

/** A revert's reason is a contract's or a node's words: shown cleaned of what reorders or hides text, and bounded. */
const MAX_REASON_CHARS = 300;
const shownReason = (reason: string): string => cleanText(reason, MAX_REASON_CHARS);

const callObject = (from: Hex, call: SimulationRequest['calls'][number], fees?: SimulationRequest['fees']) =>
  ({ from, ...(call.to ? { to: call.to } : {}), value: call.value, data: call.data, ...(call.gas ? { gas: call.gas } : {}), ...fees });

const UNMATCHED_FEES = 'Simulated without the transaction’s fees: a contract that reads the gas price or the base fee sees 0 here and may act otherwise on chain.';

/**
 * Revert check call by call, for nodes without eth_simulateV1 (state does not carry from one call to the next). Only
 * what the node answered of the call is a revert, never a failure on the way (shared/errors.ts failedOnTheWay).
 */
async function firstRevertByCall(node: ChainNode, request: SimulationRequest): Promise<CallRevert | undefined> {
  for (const [index, call] of request.calls.entries()) {
    try {
      await node('eth_call', [callObject(request.from, call), 'latest']);
    } catch (error) {
      if (error instanceof RpcError && !failedOnTheWay(error)) {
        const data = typeof error.data === 'string' ? error.data : (error.data as { data?: string } | undefined)?.data;
        return { call: index, reason: shownReason(data ? await revertReason(data) : error.message) };
      }
      throw error;
    }
  }
  return undefined;
}

export async function simulate(node: ChainNode, request: SimulationRequest, tokenInfo: TokenInfoLookup, wordsOf: ErrorWords = () => undefined): Promise<Outcome> {
  const { from, calls, atomic, delegate } = request;
  const balance = node<Hex>('eth_getBalance', [from, 'latest']).then((b) => BigInt(b).toString());
  balance.catch(() => undefined);
  // Validated (fees charged, the base fee real) only with every gas limit: without one a node charges for the whole block's gas.
  const fees = calls.every((call) => call.gas) ? request.fees : undefined;
  let results: SimulatedCall[];
  try {
    const block = {
      blockOverrides: await nextBlock(node),
      calls: calls.map((call) => callObject(from, call, fees)),
      ...(delegate ? { stateOverrides: { [from]: { code: delegationCode(delegate) } } } : {}),
    };
    const blocks = await node<{ calls: SimulatedCall[] }[]>('eth_simulateV1', [{ blockStateCalls: [block], traceTransfers: true, validation: fees !== undefined }, 'latest']);
    results = blocks[0]?.calls ?? [];
  } catch (error) {
    if (!(error instanceof RpcError)) throw error;
    if (error.code === ErrorCode.chainDisconnected) {
      return { kind: 'unavailable', reason: `No preview: the node of ${request.networkName} is unreachable`, reasonWords: { key: 'preview_nodeUnreachable', values: { network: request.networkName } } };
    }
    // What a message says is read only from the node's own: the wallet's sentence of its failure names the network,
    // whose name a page picks ("Insufficient funds testnet").
    const server = isServerSaid(error);
    if (error.code === -32003 || (server && INSUFFICIENT.test(error.message))) return { kind: 'unaffordable', balance: await balance };
    if (error.code === -32601 || (server && UNSUPPORTED.test(error.message))) {
      const revert = await firstRevertByCall(node, request).catch(() => undefined);
      return { kind: 'unavailable', reason: 'No preview: this network cannot simulate', reasonWords: { key: 'preview_cannotSimulate' }, ...(revert ? { revert } : {}) };
    }
    const said = cleanText(error.message, 120);
    return { kind: 'unavailable', reason: `No preview: the node could not simulate this (${said})`, reasonWords: { key: 'preview_nodeCouldNot', values: { said: wordsOf(error) ?? said } } };
  }
  const failed = results.findIndex((r) => r.status !== '0x1');
  const revert = failed < 0 ? undefined : { call: failed, reason: shownReason(await revertReason(results[failed].returnData ?? results[failed].error?.data)) };
  // Atomic: a revert undoes every call, so nothing changes hands.
  const landed = revert && atomic ? [] : results.filter((r) => r.status === '0x1');
  const effects = effectsFor(from, landed.flatMap((r) => r.logs ?? []));
  const info = (token: Hex | 'native', standard: Parameters<TokenInfoLookup>[3]) =>
    token === 'native' ? undefined : tokenInfo(node, request.chainId, token, standard);
  const [changes, allowances] = await Promise.all([
    Promise.all(effects.changes.map(async (c) => ({ ...c, ...((await info(c.token, c.standard)) ?? { symbol: request.nativeSymbol, decimals: 18 }), amount: c.amount }))),
    Promise.all(effects.allowances.map(async (a) => ({ ...a, ...(await info(a.token, a.standard))!, token: a.token }))),
  ]);
  return { kind: 'simulated', changes, allowances, ...(revert ? { revert } : {}), balance: await balance, ...(fees ? {} : { unmatched: UNMATCHED_FEES, unmatchedWords: { key: 'preview_unmatchedFees' } }) };
}
