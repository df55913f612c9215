import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RpcError } from '../../shared/errors';
import { getPaymasterData, getPaymasterStubData } from './client';
import { STUB_SIGNATURE, type RpcUserOperation } from '../../shared/erc4337';

const op: RpcUserOperation = {
  sender: '0x00000000000000000000000000000000000000aa', nonce: '0x0', callData: '0x', callGasLimit: '0x0', verificationGasLimit: '0x0',
  preVerificationGas: '0x0', maxFeePerGas: '0x0', maxPriorityFeePerGas: '0x0', signature: STUB_SIGNATURE,
};
const FIELDS = { paymaster: '0x33edC8964dFf8cb68084759c72e6b2757fE1a762', paymasterData: '0x01', paymasterVerificationGasLimit: '0xc350', paymasterPostOpGasLimit: '0x0' };

/** A paymaster service whose answer each test picks by path. */
const answers: Record<string, (body: { method: string }) => string> = {
  '/long-error': () => JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32003, message: `\u202eevil\u202c ${'secret body '.repeat(200)}`, data: { body: 'internal' } } }),
  '/ok': (body) => JSON.stringify({ jsonrpc: '2.0', id: 1, result: body.method === 'pm_getPaymasterStubData' ? { ...FIELDS, sponsor: { name: 'Test sponsor' } } : FIELDS }),
  '/error': () => JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32003, message: 'Not sponsored: sender not allowed' } }),
  '/garbage': () => '<html>nope</html>',
  '/bad-sponsor': () => JSON.stringify({ jsonrpc: '2.0', id: 1, result: { ...FIELDS, sponsor: { name: {} } } }),
  '/incomplete': () => JSON.stringify({ jsonrpc: '2.0', id: 1, result: { paymaster: FIELDS.paymaster } }),
};
/** A body that never ends, without content-length: only a client reading it chunk by chunk can stop at its cap. */
function endless(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  const chunk = `{"jsonrpc":"2.0","id":1,"result":"${'x'.repeat(16 * 1024)}`;
  const write = () => { while (!res.destroyed && res.write(chunk)); };
  res.on('drain', write);
  write();
}
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/redirect') return res.writeHead(307, { location: '/ok' }).end();
    if (req.url === '/endless') return endless(res);
    let raw = '';
    req.on('data', (chunk) => (raw += chunk)).on('end', () => res.end(answers[req.url!](JSON.parse(raw))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => {
  server.close(() => resolve());
  server.closeAllConnections();
}));

const failure = async (promise: Promise<unknown>): Promise<RpcError> => promise.then(() => { throw new Error('expected a failure'); }, (e: RpcError) => e);

describe('ERC-7677 client', () => {
  it('takes the paymaster fields and the sponsor from a good answer', async () => {
    expect(await getPaymasterStubData(`${base}/ok`, op, '0x7a69', {})).toEqual({ ...FIELDS, sponsor: { name: 'Test sponsor' } });
    expect(await getPaymasterData(`${base}/ok`, op, '0x7a69', {})).toEqual(FIELDS);
  });

  it.each([
    '/error', '/long-error', '/garbage', '/incomplete', '/bad-sponsor', '/redirect', '/endless', 'unreachable',
  ])('%s is the same 4300 "Paymaster service error", with nothing that tells one failure from another', async (path) => {
    const url = path === 'unreachable' ? 'http://127.0.0.1:9/rpc' : `${base}${path}`;
    // The final data carries no sponsor.
    for (const asking of path === '/bad-sponsor' ? [getPaymasterStubData] : [getPaymasterStubData, getPaymasterData]) {
      const error = await failure(asking(url, op, '0x7a69', {}));
      // A page picks the URL: a difference between unreachable, an HTTP status and a JSON-RPC error would let it
      // scan ports and read servers through the wallet.
      expect(error.toObject()).toEqual({ code: 4300, message: 'Paymaster service error' });
    }
  });
});
