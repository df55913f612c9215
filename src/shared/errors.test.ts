import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError, toErrorObject } from './errors';

describe('RpcError', () => {
  it('is recognised when another copy of the class made it (the worker\'s later script bundles its own)', async () => {
    const second: string = './errors?copy';
    const copy = (await import(/* @vite-ignore */ second)) as typeof import('./errors');
    expect(copy.RpcError).not.toBe(RpcError);
    const made = new copy.RpcError(ErrorCode.chainDisconnected, 'the node is down');
    expect(made instanceof RpcError).toBe(true);
    expect(new RpcError(ErrorCode.invalidParams, 'bad') instanceof copy.RpcError).toBe(true);
    expect(toErrorObject(made)).toEqual({ code: ErrorCode.chainDisconnected, message: 'the node is down' });
  });

  it('is not any other error', () => {
    expect(new Error('plain') instanceof RpcError).toBe(false);
    expect({ code: 4001, message: 'looks like one' } instanceof RpcError).toBe(false);
  });
});
