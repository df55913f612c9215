import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { lazyInterface } from './lazyInterface';

describe('lazyInterface', () => {
  it('encodes and decodes as the Interface it stands for', () => {
    const abi = ['function balanceOf(address owner) view returns (uint256)'];
    const lazy = lazyInterface(abi);
    const owner = '0x000000000000000000000000000000000000dEaD';
    expect(lazy.encodeFunctionData('balanceOf', [owner])).toBe(new Interface(abi).encodeFunctionData('balanceOf', [owner]));
    expect(lazy.decodeFunctionResult('balanceOf', `0x${'0'.repeat(63)}7`)[0]).toBe(7n);
    expect(lazy.getFunction('balanceOf')?.selector).toBe('0x70a08231');
    expect(lazy.fragments).toHaveLength(1);
  });
});
