/**
 * A call's result decoded only when the answer is exactly the canonical encoding of the function's outputs: ethers'
 * decoder reads past trailing bytes, masks a narrower uint's high bits and takes any word but zero as true, so a node's
 * answer of another size or form would be read. Checked by encoding the result again, as shared/calldata.ts reads calldata.
 */
import type { Interface, Result } from 'ethers';

/** `abi.decodeFunctionResult(fn, answer)`, throwing unless `answer` is that result's encoding, byte for byte. */
export function decodeExactResult(abi: Interface, fn: string, answer: string): Result {
  const result = abi.decodeFunctionResult(fn, answer);
  if (abi.encodeFunctionResult(fn, result).toLowerCase() !== answer.toLowerCase()) throw new Error(`The answer to ${fn} is not its outputs' encoding`);
  return result;
}
