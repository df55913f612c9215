import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../errors';
import { nodeParamSchemas } from './node';

const ADDRESS = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
const HASH = `0x${'ab'.repeat(32)}`;

function rejects(fn: () => unknown, field: RegExp): void {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).code).toBe(ErrorCode.invalidParams);
    expect((error as RpcError).message).toMatch(field);
    return;
  }
  throw new Error('expected -32602');
}

describe('node method params', () => {
  it('accepts every block tag and hex numbers', () => {
    for (const tag of ['latest', 'pending', 'safe', 'finalized', 'earliest', '0x0', '0x1b4']) {
      expect(nodeParamSchemas.eth_getBalance([ADDRESS, tag])).toEqual([ADDRESS, tag]);
    }
  });

  it('names the bad field', () => {
    rejects(() => nodeParamSchemas.eth_getBalance(['0x1234', 'latest']), /^address must be a 20-byte hex address/);
    rejects(() => nodeParamSchemas.eth_getCode([ADDRESS, 'newest']), /^block must be a hex block number or one of latest\|pending/);
    rejects(() => nodeParamSchemas.eth_getCode([ADDRESS, '0x01']), /^block /);
    rejects(() => nodeParamSchemas.eth_getStorageAt([ADDRESS, 'zero', 'latest']), /^position /);
    rejects(() => nodeParamSchemas.eth_sendRawTransaction(['0xabc']), /^signed transaction must be hex bytes/);
    rejects(() => nodeParamSchemas.eth_getTransactionReceipt(['0x12']), /^transaction hash must be a 32-byte/);
  });

  it('checks the number of params and that they are an array', () => {
    rejects(() => nodeParamSchemas.eth_getBalance([ADDRESS]), /expects 2 params, got 1/);
    rejects(() => nodeParamSchemas.eth_getCode({ address: ADDRESS }), /expects params as an array/);
    rejects(() => nodeParamSchemas.eth_blockNumber([1]), /expects 0 params/);
    expect(nodeParamSchemas.eth_blockNumber(undefined)).toEqual([]);
  });

  it('accepts storage positions as plain numbers and as padded 32-byte words', () => {
    expect(nodeParamSchemas.eth_getStorageAt([ADDRESS, '0x0', 'pending'])).toEqual([ADDRESS, '0x0', 'pending']);
    expect(nodeParamSchemas.eth_getStorageAt([ADDRESS, HASH, 'latest'])[1]).toBe(HASH);
    rejects(() => nodeParamSchemas.eth_getStorageAt([ADDRESS, `0x${'1'.repeat(65)}`, 'latest']), /^position /);
  });

  it('defaults eth_call to latest and checks the call object', () => {
    expect(nodeParamSchemas.eth_call([{ to: ADDRESS, data: '0x70a08231' }])).toEqual([{ to: ADDRESS, data: '0x70a08231' }, 'latest']);
    rejects(() => nodeParamSchemas.eth_call([{ to: '0xnothex' }]), /^transaction\.to /);
    rejects(() => nodeParamSchemas.eth_call([{ to: ADDRESS, value: '12' }]), /^transaction\.value /);
  });
});

describe('quantities sent as JSON numbers, as some clients send them', () => {
  it('are taken wherever a node method takes a hex quantity, and forwarded as hex', () => {
    expect(nodeParamSchemas.eth_getTransactionByBlockHashAndIndex([HASH, 0])).toEqual([HASH, '0x0']);
    expect(nodeParamSchemas.eth_getTransactionByBlockNumberAndIndex([436, 2])).toEqual(['0x1b4', '0x2']);
    expect(nodeParamSchemas.eth_getUncleByBlockHashAndIndex([HASH, 1])).toEqual([HASH, '0x1']);
    expect(nodeParamSchemas.eth_getBalance([ADDRESS, 16])).toEqual([ADDRESS, '0x10']);
    expect(nodeParamSchemas.eth_getBlockByNumber([255, false])).toEqual(['0xff', false]);
    expect(nodeParamSchemas.eth_call([{ to: ADDRESS, value: 1000, gas: 21000 }, 'latest'])).toEqual([{ to: ADDRESS, value: '0x3e8', gas: '0x5208' }, 'latest']);
    expect(nodeParamSchemas.eth_feeHistory([4, 100, [50]])).toEqual([4, '0x64', [50]]);
  });

  it('stay refused, with today’s messages, when not a non-negative safe integer', () => {
    for (const bad of [-1, 1.5, 2 ** 53, Number.NaN]) {
      rejects(() => nodeParamSchemas.eth_getTransactionByBlockHashAndIndex([HASH, bad]), /^index must be a hex number without leading zeros/);
      rejects(() => nodeParamSchemas.eth_call([{ to: ADDRESS, value: bad }]), /^transaction\.value must be a hex number/);
    }
    rejects(() => nodeParamSchemas.eth_getBalance([ADDRESS, -3]), /^block must be a hex block number/);
  });
});
