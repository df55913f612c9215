/** allowanceLeft reads a node's answer only when it is exactly what the ABI returns: a node makes claims, not facts. */
import { AbiCoder, MaxUint256 } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { allowanceLeft } from './onChain';

const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN: Hex = '0x10078beE6813c04572224b652228177C0f7BF2CF';
const SPENDER: Hex = '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD';
const erc20 = { kind: 'erc20' as const, token: TOKEN, spender: SPENDER };
const operator = { kind: 'operator' as const, token: TOKEN, spender: SPENDER };
const permit2 = { kind: 'permit2' as const, token: TOKEN, spender: SPENDER };

/** A node whose eth_call answers `answer`. */
const answering = (answer: string): ChainNode => (async () => answer) as ChainNode;
const encoded = (types: string[], values: unknown[]): string => AbiCoder.defaultAbiCoder().encode(types, values);
const WORD_OF_ONES = 'f'.repeat(64);

describe('allowanceLeft, the node’s answer not of the ABI’s size or form', () => {
  it('reads an answer of exactly the ABI’s size', async () => {
    expect(await allowanceLeft(answering(encoded(['uint256'], [5n])), OWNER, erc20, 100)).toBe(5n);
    expect(await allowanceLeft(answering(encoded(['bool'], [true])), OWNER, operator, 100)).toBe(1n);
    expect(await allowanceLeft(answering(encoded(['uint160', 'uint48', 'uint48'], [7n, 200n, 0n])), OWNER, permit2, 100)).toBe(7n);
  });

  it('is null (unread) for an answer longer than the ABI’s: 64 bytes for allowance’s uint256 or isApprovedForAll’s bool, 128 for Permit2’s tuple', async () => {
    expect(await allowanceLeft(answering(encoded(['uint256', 'uint256'], [5n, MaxUint256])), OWNER, erc20, 100)).toBeNull();
    expect(await allowanceLeft(answering(encoded(['bool', 'uint256'], [false, 1n])), OWNER, operator, 100)).toBeNull();
    expect(await allowanceLeft(answering(encoded(['uint160', 'uint48', 'uint48', 'uint256'], [7n, 200n, 0n, 1n])), OWNER, permit2, 100)).toBeNull();
  });

  it('is null for an answer shorter than the ABI’s', async () => {
    expect(await allowanceLeft(answering(encoded(['uint256'], [5n]).slice(0, -2)), OWNER, erc20, 100)).toBeNull();
    expect(await allowanceLeft(answering(encoded(['uint160', 'uint48'], [7n, 200n])), OWNER, permit2, 100)).toBeNull();
  });

  it('is null for a bool other than 0 or 1, and for a narrower uint with its high bits set: no ABI encodes them', async () => {
    expect(await allowanceLeft(answering(encoded(['uint256'], [2n])), OWNER, operator, 100)).toBeNull();
    expect(await allowanceLeft(answering(`0x${WORD_OF_ONES}${encoded(['uint48', 'uint48'], [200n, 0n]).slice(2)}`), OWNER, permit2, 100)).toBeNull();
  });
});
