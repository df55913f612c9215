import { describe, expect, it } from 'vitest';
import { parseSendTransaction } from './sendTransaction';

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

const message = (tx: Record<string, unknown>): string => {
  try {
    parseSendTransaction([tx]);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected an error');
};

describe('eth_sendTransaction params', () => {
  it('fills in nothing it was not given, and takes input as data', () => {
    expect(parseSendTransaction([{ from: FROM, to: TO }])).toEqual({ from: FROM, to: TO, value: 0n, data: '0x' });
    expect(parseSendTransaction([{ from: FROM, input: '0x6080' }])).toEqual({ from: FROM, value: 0n, data: '0x6080' });
  });

  it('keeps the dapp’s gas, fees, nonce and chain id; a legacy gasPrice becomes both fee caps', () => {
    expect(parseSendTransaction([{ from: FROM, to: TO, gas: '0x5208', gasPrice: '0x3b9aca00', nonce: '0x7', chainId: '0x7a69' }])).toMatchObject({
      gas: 21000n, maxFeePerGas: 1_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n, nonce: 7, chainId: '0x7a69',
    });
  });

  it.each([
    [{ to: TO }, /^transaction\.from must be/],
    [{ from: FROM, to: '0x12' }, /^transaction\.to must be/],
    [{ from: FROM, to: TO, value: 1 }, /^transaction\.value must be a hex number/],
    [{ from: FROM, to: TO, gas: '0x' }, /^transaction\.gas /],
    [{ from: FROM }, /contract creation needs its bytecode/],
    [{ from: FROM, to: TO, data: '0x12', input: '0x34' }, /data and transaction\.input differ/],
    [{ from: FROM, to: TO, gasPrice: '0x1', maxFeePerGas: '0x1' }, /both gasPrice and EIP-1559 fees/],
    [{ from: FROM, to: TO, maxFeePerGas: '0x1' }, /go together/],
    [{ from: FROM, to: TO, chainId: 31337 }, /^transaction\.chainId must be/],
  ])('-32602 for %j', (tx, expected) => {
    expect(message(tx)).toMatch(expected);
  });
});
