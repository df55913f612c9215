/**
 * The DeleGator's ERC-7821 `execute(bytes32 mode, bytes executionCalldata)` (ERC-7579 execution modes), in the two
 * modes the wallet sends: single and batch, each reverting on any failure. The wallet encodes its batches and words
 * an account's own call with it (background/batches/delegates.ts); the paymaster reads a userOp's call targets with it
 * (paymaster/policy.ts). ethers' ABI code comes from the caller: the worker loads it only on first use.
 */
import type { AbiCoder, Interface } from 'ethers';
import type { Hex } from './params';

export const ERC7821_EXECUTE_ABI = ['function execute(bytes32 mode, bytes executionCalldata)'];
/** callType 0x00 (single), execType 0x00 (revert on failure); executionCalldata is abi.encodePacked(target, value, callData). */
export const SINGLE_MODE: Hex = `0x${'00'.repeat(32)}`;
/** callType 0x01 (batch), execType 0x00 (revert on failure), no selector or payload; executionCalldata is abi.encode(Execution[]). */
export const BATCH_MODE: Hex = `0x01${'00'.repeat(31)}`;

const EXECUTIONS = ['(address target, uint256 value, bytes callData)[]'];

export interface Execution {
  target: Hex;
  value: bigint;
  callData: Hex;
}

/** The batch-mode executionCalldata of `executions`: what `execute(BATCH_MODE, …)` runs, in order. */
export const encodeExecutions = (coder: AbiCoder, executions: [Hex, bigint, Hex][]): Hex => coder.encode(EXECUTIONS, [executions]) as Hex;

/**
 * The calls `data` makes as an ERC-7821 `execute` in single or batch mode; undefined for any other data, mode, or an
 * encoding that is not the canonical one of what it decodes to (the contract's own decoder could then read other calls).
 * `account` is an Interface of ERC7821_EXECUTE_ABI.
 */
export function decodeExecute(account: Interface, coder: AbiCoder, data: string): Execution[] | undefined {
  const lower = data.toLowerCase();
  if (!lower.startsWith(account.getFunction('execute')!.selector)) return undefined;
  try {
    const [mode, executionCalldata] = account.decodeFunctionData('execute', lower) as unknown as [string, string];
    if (account.encodeFunctionData('execute', [mode, executionCalldata]) !== lower) return undefined;
    if (mode === SINGLE_MODE) return singleExecution(executionCalldata);
    if (mode !== BATCH_MODE) return undefined;
    const [executions] = coder.decode(EXECUTIONS, executionCalldata) as unknown as [[string, bigint, string][]];
    if (coder.encode(EXECUTIONS, [executions]) !== executionCalldata) return undefined;
    return executions.map(([target, value, callData]) => ({ target: target.toLowerCase() as Hex, value, callData: callData as Hex }));
  } catch {
    return undefined;
  }
}

/** abi.encodePacked(address target, uint256 value, bytes callData): 20 + 32 bytes, then the call's data. */
function singleExecution(executionCalldata: string): Execution[] | undefined {
  if ((executionCalldata.length - 2) / 2 < 52) return undefined;
  return [{
    target: `0x${executionCalldata.slice(2, 42)}` as Hex,
    value: BigInt(`0x${executionCalldata.slice(42, 106)}`),
    callData: `0x${executionCalldata.slice(106)}` as Hex,
  }];
}
