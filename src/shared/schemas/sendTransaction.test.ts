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

  it('takes what libraries really send: gasLimit for gas, input for data, leading zeros, from in any case, types 0 to 2', () => {
    expect(parseSendTransaction([{ from: FROM.toLowerCase(), to: TO, gasLimit: '0x5208', input: '0x12', value: '0x01', nonce: '0x00', type: '0x02' }])).toEqual({
      from: FROM.toLowerCase(), to: TO, gas: 21000n, data: '0x12', value: 1n, nonce: 0,
    });
    expect(parseSendTransaction([{ from: `0x${FROM.slice(2).toUpperCase()}`, to: TO, gas: '0x5208', gasLimit: '0x5208', type: '0x0' }]).gas).toBe(21000n);
    expect(parseSendTransaction([{ from: FROM, to: TO, maxFeePerGas: '0x0a', maxPriorityFeePerGas: '0x0a', type: '0x1' }])).toMatchObject({ maxFeePerGas: 10n, maxPriorityFeePerGas: 10n });
  });

  it.each([
    [{ from: FROM, to: TO, type: '0x5' }, 'transaction.type 0x5 is not supported: eth_sendTransaction takes 0x0, 0x1 or 0x2 (type 0x4 only through wallet_sendCalls)'],
    [{ from: FROM, to: TO, type: '0x4' }, 'transaction.type 0x4 is not supported: eth_sendTransaction takes 0x0, 0x1 or 0x2 (type 0x4 only through wallet_sendCalls)'],
    [{ from: FROM, to: TO, type: 2 }, 'transaction.type must be a hex number (e.g. 0x1a), got 2'],
    [{ from: FROM, to: TO, gasLimit: '-0x1' }, 'transaction.gasLimit must be a hex number (e.g. 0x1a), got "-0x1"'],
    [{ from: FROM, to: TO, gasPrice: '12' }, 'transaction.gasPrice must be a hex number (e.g. 0x1a), got "12"'],
    [{ from: FROM, to: TO, maxFeePerGas: '0xzz', maxPriorityFeePerGas: '0x1' }, 'transaction.maxFeePerGas must be a hex number (e.g. 0x1a), got "0xzz"'],
    [{ from: FROM, to: TO, maxFeePerGas: '0x1', maxPriorityFeePerGas: '-1' }, 'transaction.maxPriorityFeePerGas must be a hex number (e.g. 0x1a), got "-1"'],
    [{ from: FROM, to: TO, nonce: '0x' }, 'transaction.nonce must be a hex number (e.g. 0x1a), got "0x"'],
    [{ from: FROM, to: TO, gas: '0x5208', gasLimit: '0x5209' }, 'transaction.gas 0x5208 and transaction.gasLimit 0x5209 differ; send one of them'],
    [{ from: FROM, to: TO, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' }, 'transaction.maxPriorityFeePerGas 2 is above transaction.maxFeePerGas 1'],
    [{ from: FROM, to: TO, value: `0x1${'0'.repeat(64)}` }, `transaction.value 0x1${'0'.repeat(64)} is above 2^256 - 1`],
    [{ from: FROM, to: TO, nonce: '0x20000000000000' }, 'transaction.nonce 0x20000000000000 is above 2^53 - 1'],
  ])('-32602 for %j', (tx, expected) => {
    expect(message(tx)).toBe(expected);
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
