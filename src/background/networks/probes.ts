/**
 * The questions detection (./detection.ts) asks a node, each answering true, false, or undefined when the answer
 * cannot tell (no answer, a limit, something unexpected). Nothing is sent that could change the chain.
 */
import { zeroPadValue } from 'ethers';
import { ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { probeAuthorization } from './probeAuthorization';
import type { ChainNode } from './rpcClient';

export type Answer = boolean | undefined;

const quantityOf = (n: number | bigint): Hex => `0x${n.toString(16)}`;

/** Errors that say nothing of the question: the node (or every endpoint) did not answer, limited us, or broke. */
const NO_ANSWER: readonly number[] = [ErrorCode.chainDisconnected, ErrorCode.limitExceeded, ErrorCode.internal];
const answered = (error: unknown): error is RpcError => error instanceof RpcError && !NO_ANSWER.includes(error.code);

const LACKS_METHOD = /method not found|does not exist|is not available|not supported|unsupported method/i;
const lacksMethod = (error: RpcError): boolean => error.code === -32601 || LACKS_METHOD.test(error.message);

/** Where the probe's delegate code is put (a state override): an address nothing lives at. */
const PROBE_DELEGATE: Hex = '0x000000000000000000000000000000000000c0de';
/** ADDRESS, PUSH1 0, MSTORE, PUSH1 32, PUSH1 0, RETURN: answers the address it runs as. */
const RETURN_OWN_ADDRESS: Hex = '0x3060005260206000f3';

/** The probe's signing code (probeAuthorization.ts), loaded with the worker's other signing code (loadLater.ts). */
export type LoadProbeSigning = () => Promise<{ probeAuthorization: typeof probeAuthorization }>;

/**
 * An eth_call to a throwaway key's address carrying its signed authorization to code that answers its own address:
 * with EIP-7702 the delegation runs and the key's address comes back; a node before it refuses the authorization
 * ("EIP-7702 not supported") or ignores it (an empty answer from an account without code). A gas estimate would not
 * tell: its intrinsic cost counts authorizations on nodes that then ignore them.
 */
export async function acceptsEip7702(node: ChainNode, timeoutMs: number, load: LoadProbeSigning): Promise<Answer> {
  const signed = await load().then((code) => code.probeAuthorization(PROBE_DELEGATE), () => undefined);
  // The signing code did not load: this run cannot tell.
  if (!signed) return undefined;
  const { address, authorization } = signed;
  try {
    const result = await node<string>('eth_call', [{ to: address, authorizationList: [authorization] }, 'latest', { [PROBE_DELEGATE]: { code: RETURN_OWN_ADDRESS } }], { timeoutMs });
    if (result === '0x') return false;
    return result.toLowerCase() === zeroPadValue(address, 32).toLowerCase() ? true : undefined;
  } catch (error) {
    return answered(error) && /7702|authori[sz]ation|transaction type|not supported/i.test(error.message) ? false : undefined;
  }
}

/** EntryPoint v0.8 and Simple7702Account, each with code at its canonical address. */
export async function hasContracts(node: ChainNode, timeoutMs: number): Promise<Answer> {
  try {
    const codes = await Promise.all([ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT].map((a) => node<string>('eth_getCode', [a, 'latest'], { timeoutMs })));
    return codes.every((code) => code !== '0x');
  } catch {
    return undefined;
  }
}

/** A contract the release names (a chain's USDC paymaster) has code where it says. */
export async function hasCode(node: ChainNode, address: Hex, timeoutMs: number): Promise<Answer> {
  try {
    return (await node<string>('eth_getCode', [address, 'latest'], { timeoutMs })) !== '0x';
  } catch {
    return undefined;
  }
}

/**
 * Whether the node knows `method`, asked with `params` it can only refuse: any answer but "method not found" (a
 * result, or an error about the params) says it does.
 */
export async function knowsMethod(node: ChainNode, method: string, params: unknown[], timeoutMs: number): Promise<Answer> {
  try {
    await node(method, params, { timeoutMs });
    return true;
  } catch (error) {
    return answered(error) ? !lacksMethod(error) : undefined;
  }
}

/** eth_simulateV1 of no blocks: nothing is simulated. */
export const knowsSimulateV1 = (node: ChainNode, timeoutMs: number): Promise<Answer> => knowsMethod(node, 'eth_simulateV1', [{ blockStateCalls: [] }, 'latest'], timeoutMs);
/** eth_sendRawTransactionSync of no bytes: no transaction, so nothing can be sent. */
export const knowsSyncSend = (node: ChainNode, timeoutMs: number): Promise<Answer> => knowsMethod(node, 'eth_sendRawTransactionSync', ['0x'], timeoutMs);

/** Whether the bundler lists EntryPoint v0.8. */
export async function bundlesForV08(bundler: ChainNode, timeoutMs: number): Promise<Answer> {
  try {
    const entryPoints = await bundler<string[]>('eth_supportedEntryPoints', [], { timeoutMs });
    return Array.isArray(entryPoints) && entryPoints.some((e) => typeof e === 'string' && e.toLowerCase() === ENTRY_POINT_V08.toLowerCase());
  } catch {
    return undefined;
  }
}

/** Blocks looked back over for the block time. */
const BLOCK_SPAN = 20;

/** The mean time between the last blocks, from their timestamps; undefined on a chain of one block. */
export async function blockTimeMs(node: ChainNode, timeoutMs: number): Promise<number | undefined> {
  type Block = { number: Hex; timestamp: Hex } | null;
  try {
    const latest = await node<Block>('eth_getBlockByNumber', ['latest', false], { timeoutMs });
    if (!latest) return undefined;
    const span = Math.min(BLOCK_SPAN, Number(BigInt(latest.number)));
    if (span === 0) return undefined;
    const earlier = await node<Block>('eth_getBlockByNumber', [quantityOf(BigInt(latest.number) - BigInt(span)), false], { timeoutMs });
    if (!earlier) return undefined;
    return (Number(BigInt(latest.timestamp) - BigInt(earlier.timestamp)) * 1000) / span;
  } catch {
    return undefined;
  }
}
