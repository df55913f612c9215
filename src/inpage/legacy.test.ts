import { describe, expect, it } from 'vitest';
import { respond, sendAsync, type JsonRpcResponse } from './legacy';

const request = async ({ method }: { method: string }) => {
  if (method === 'eth_chainId') return '0x7a69';
  throw Object.assign(new Error('The method eth_foo is not supported by this wallet'), { code: 4200 });
};

describe('legacy JSON-RPC payloads', () => {
  it('answers one payload with its id, result or error', async () => {
    expect(await respond(request, { id: 7, jsonrpc: '2.0', method: 'eth_chainId' })).toEqual({ id: 7, jsonrpc: '2.0', result: '0x7a69' });
    expect(await respond(request, { id: 'x', method: 'eth_foo' })).toEqual({
      id: 'x', jsonrpc: '2.0', error: { code: 4200, message: 'The method eth_foo is not supported by this wallet' },
    });
  });

  it('sendAsync calls back once per payload, a batch with every response in order', async () => {
    const single = await new Promise<[Error | null, unknown]>((resolve) => sendAsync(request, { id: 1, method: 'eth_foo' }, (e, r) => resolve([e, r])));
    expect(single[0]).toMatchObject({ code: 4200, message: 'The method eth_foo is not supported by this wallet' });
    expect(single[1]).toMatchObject({ id: 1, error: { code: 4200 } });
    const batch = await new Promise<[Error | null, unknown]>((resolve) =>
      sendAsync(request, [{ id: 1, method: 'eth_chainId' }, { id: 2, method: 'eth_foo' }], (e, r) => resolve([e, r])),
    );
    expect(batch[0]).toBeNull();
    expect((batch[1] as JsonRpcResponse[]).map((r) => ('result' in r ? r.result : r.error.code))).toEqual(['0x7a69', 4200]);
  });
});
