import { AbiCoder, Interface, encodeBytes32String } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { ChainNode } from '../networks/rpcClient';
import { readBalance, readToken } from './read';

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ERC20 = new Interface(['function symbol()', 'function name()', 'function decimals()', 'function balanceOf(address)']);
const abi = AbiCoder.defaultAbiCoder();
const selector = (fn: string) => ERC20.getFunction(fn)!.selector;

type Answers = Partial<Record<'symbol' | 'name' | 'decimals' | 'balanceOf', string | Error>>;
const STANDARD: Answers = {
  symbol: abi.encode(['string'], ['TST']),
  name: abi.encode(['string'], ['Test Token']),
  decimals: abi.encode(['uint8'], [18]),
  balanceOf: abi.encode(['uint256'], [1234n]),
};

/** A node holding one contract at TOKEN; every read must use the pending view. */
function node(answers: Answers, code = '0x6080'): { node: ChainNode; calls: unknown[][] } {
  const calls: unknown[][] = [];
  const fake = async (method: string, params: unknown[] = []) => {
    calls.push([method, ...params]);
    expect(params.at(-1)).toBe('pending');
    if (method === 'eth_getCode') return code;
    const data = (params[0] as { data: string }).data;
    const fn = (['symbol', 'name', 'decimals', 'balanceOf'] as const).find((f) => data.startsWith(selector(f)))!;
    const answer = answers[fn];
    if (answer instanceof Error) throw answer;
    return answer ?? '0x';
  };
  return { node: fake as ChainNode, calls };
}

const read = (n: ChainNode) => readToken(n, TOKEN, ACCOUNT, 'options.address', 'Local devnet (0x7a69)');

async function rejection(promise: Promise<unknown>): Promise<RpcError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RpcError);
    return error as RpcError;
  }
  throw new Error('expected an error');
}

describe('reading a token from the chain', () => {
  it('reads symbol, name, decimals and the balance at pending', async () => {
    const { node: n, calls } = node(STANDARD);
    expect(await read(n)).toEqual({ token: { address: TOKEN, symbol: 'TST', name: 'Test Token', decimals: 18 }, balance: 1234n });
    expect(calls[0]).toEqual(['eth_getCode', TOKEN, 'pending']);
    expect(await readBalance(n, TOKEN, ACCOUNT)).toBe(1234n);
  });

  it('reads bytes32 symbols and names (MKR-style), and does without a name', async () => {
    const bytes32 = node({ ...STANDARD, symbol: abi.encode(['bytes32'], [encodeBytes32String('MKR')]), name: abi.encode(['bytes32'], [encodeBytes32String('Maker')]) });
    expect(await read(bytes32.node)).toMatchObject({ token: { symbol: 'MKR', name: 'Maker' } });
    const nameless = node({ ...STANDARD, name: new RpcError(3, 'execution reverted') });
    expect(await read(nameless.node)).toEqual({ token: { address: TOKEN, symbol: 'TST', decimals: 18 }, balance: 1234n });
  });

  it('-32602 when the address has no code', async () => {
    const error = await rejection(read(node(STANDARD, '0x').node));
    expect(error.code).toBe(ErrorCode.invalidParams);
    expect(error.message).toBe(`Invalid params: options.address ${TOKEN} is not a contract on Local devnet (0x7a69): it has no code`);
  });

  it.each([
    ['symbol() reverts', { symbol: new RpcError(3, 'execution reverted') }, 'symbol() did not return a string'],
    ['symbol() is empty', { symbol: abi.encode(['string'], ['  ']) }, 'symbol() did not return a string'],
    ['no decimals()', { decimals: '0x' }, 'decimals() did not return a number'],
    ['decimals() above 36', { decimals: abi.encode(['uint8'], [40]) }, 'decimals() returned 40, above 36'],
    ['no balanceOf()', { balanceOf: new RpcError(-32000, 'execution reverted') }, 'balanceOf() did not return a number'],
  ])('-32602 when %s', async (_case, answers, why) => {
    const error = await rejection(read(node({ ...STANDARD, ...answers }).node));
    expect(error.code).toBe(ErrorCode.invalidParams);
    expect(error.message).toBe(`Invalid params: options.address ${TOKEN} on Local devnet (0x7a69) is not an ERC-20 token: ${why}`);
  });

  it('an unreachable node is reported as such, not as a bad token', async () => {
    const error = await rejection(read(node({ ...STANDARD, decimals: new RpcError(ErrorCode.chainDisconnected, 'The node is unreachable') }).node));
    expect(error.code).toBe(ErrorCode.chainDisconnected);
  });
});

describe('a node’s answer that is not the exact encoding of what was asked', () => {
  const EXTRA = abi.encode(['uint256'], [7n]).slice(2);
  const rejected = async (answers: Answers, why: string) => {
    const error = await rejection(read(node({ ...STANDARD, ...answers }).node));
    expect(error.code).toBe(ErrorCode.invalidParams);
    expect(error.message).toBe(`Invalid params: options.address ${TOKEN} on Local devnet (0x7a69) is not an ERC-20 token: ${why}`);
  };

  // Read leniently, a uint8's high bits are masked: 0x112 (274) would be kept as 18 decimals, and every amount shown by it.
  it('decimals() with its high bits set is no number, as when it reverts', async () => {
    await rejected({ decimals: abi.encode(['uint256'], [0x112n]) }, 'decimals() did not return a number');
  });

  it('a balance with bytes after it is no number, as when balanceOf() reverts', async () => {
    await rejected({ balanceOf: abi.encode(['uint256'], [1234n]) + EXTRA }, 'balanceOf() did not return a number');
    await expect(readBalance(node({ balanceOf: abi.encode(['uint256'], [1234n]) + EXTRA }).node, TOKEN, ACCOUNT)).rejects.toThrow();
  });

  it('a symbol or a name that is not UTF-8 is no string, as when it reverts', async () => {
    const notUtf8 = abi.encode(['bytes'], ['0xff']);
    await rejected({ symbol: notUtf8 }, 'symbol() did not return a string');
    expect(await read(node({ ...STANDARD, name: notUtf8 }).node)).toEqual({ token: { address: TOKEN, symbol: 'TST', decimals: 18 }, balance: 1234n });
  });
});
