import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { bytesAfterArguments, decodeCalldata, extraBytes } from './calldata';
import { inEnglish } from './dangers.fixture';
import type { Hex } from './params';

const abi = new Interface(['function transfer(address to, uint256 amount)', 'function multicall(bytes[] data)']);
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('decodeCalldata', () => {
  it('reads the function whose canonical encoding the data starts with, and returns the bytes after it', () => {
    const transfer = abi.encodeFunctionData('transfer', [TO, 5n]) as Hex;
    expect(decodeCalldata(abi, transfer)?.extra).toBe('0x');
    const extended = decodeCalldata(abi, `${transfer}DEADbeef`);
    expect(extended?.parsed.args.toArray()).toEqual([TO, 5n]);
    expect(extended?.extra).toBe('0xdeadbeef');
  });

  it('does not read another layout of the same values, dirty padding or half a byte', () => {
    const multicall = abi.encodeFunctionData('multicall', [['0x1234']]);
    // The array's offset pointing one word further, where a copy of it lies: the same values, not their encoding.
    const elsewhere = `${multicall.slice(0, 10)}${(0x40).toString(16).padStart(64, '0')}${'00'.repeat(32)}${multicall.slice(74)}` as Hex;
    expect(abi.decodeFunctionData('multicall', elsewhere)[0]).toEqual(['0x1234']);
    expect(decodeCalldata(abi, elsewhere)).toBeUndefined();
    const transfer = abi.encodeFunctionData('transfer', [TO, 5n]);
    expect(decodeCalldata(abi, `${transfer.slice(0, 10)}01${transfer.slice(12)}` as Hex)).toBeUndefined();
    expect(decodeCalldata(abi, `${transfer}0` as Hex)).toBeUndefined();
  });
});

describe('bytesAfterArguments', () => {
  it('counts every byte, quotes the first 32, and asks the second yes', () => {
    const danger = bytesAfterArguments(extraBytes(`0x${'ab'.repeat(40)}`, 1024));
    expect(danger).toMatchObject({ kind: 'bytesAfterArguments', tone: 'danger', confirm: true });
    expect(inEnglish(danger)).toBe(danger.message);
    expect(danger.message).toContain(`40 bytes after its arguments (0x${'ab'.repeat(32)}…)`);
  });

  it('counts one byte as one, in words the screen says in its language', () => {
    const danger = bytesAfterArguments(extraBytes('0xab', 1024));
    expect(danger.message).toContain("This call's data has 1 byte after its arguments (0xab).");
    expect(inEnglish(danger)).toBe(danger.message);
    // The screen picks the form by its language's rules, so the words carry the count and both forms.
    expect(danger.words?.values?.size).toEqual({ count: '1', one: 'dangers_countByte', other: 'dangers_countBytes' });
  });
});
