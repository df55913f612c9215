/**
 * The paymaster service over HTTP: the JSON-RPC envelope, ERC-7677 result shapes, malformed params, and each policy
 * rule. Needs only a bare anvil (chain time and chain id), on ports of its own so it runs beside the e2e devnet.
 */
import { Interface, Wallet, getBytes, verifyMessage, dataSlice, toBeHex } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAnvil, type Anvil } from '../devnet/anvil';
import { ENTRY_POINT_ADDRESS, PAYMASTER_SIGNER, SIMPLE_7702_ACCOUNT_ADDRESS, VERIFYING_PAYMASTER_ADDRESS } from '../devnet/constants';
import { PAYMASTER_POST_OP_GAS_LIMIT, PAYMASTER_VERIFICATION_GAS_LIMIT } from './methods';
import { ErrorCode } from './rpc';
import { startPaymasterService, type PaymasterService } from './server';
import { parseUserOperation, paymasterHash } from './userOp';

const RPC_PORT = 8646;
const PAYMASTER_PORT = 3101;
const CHAIN_ID = '0x7a69';

const sender = Wallet.createRandom().address;
const limited = Wallet.createRandom().address;
const stranger = Wallet.createRandom().address;
const target = Wallet.createRandom().address;
const elsewhere = Wallet.createRandom().address;

const account = new Interface([
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch((address target, uint256 value, bytes data)[] calls)',
]);
const batch = (...targets: string[]) => account.encodeFunctionData('executeBatch', [targets.map((to) => [to, 0n, '0x'])]);

function userOp(overrides: Record<string, unknown> = {}) {
  return {
    sender,
    nonce: '0x0',
    factory: '0x7702',
    factoryData: '0x',
    callData: batch(target),
    callGasLimit: '0x5c5f',
    verificationGasLimit: '0xe7a8',
    preVerificationGas: '0x13613',
    maxFeePerGas: '0x7b4fcd78',
    maxPriorityFeePerGas: '0x77359400',
    signature: '0x',
    eip7702Auth: { address: SIMPLE_7702_ACCOUNT_ADDRESS, chainId: CHAIN_ID, nonce: '0x0', r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, yParity: '0x1' },
    ...overrides,
  };
}

let anvil: Anvil;
let service: PaymasterService;
const logLines: string[] = [];

beforeAll(async () => {
  anvil = await startAnvil({ port: RPC_PORT });
  service = await startPaymasterService({
    port: PAYMASTER_PORT,
    rpcUrl: anvil.rpcUrl,
    signerKey: PAYMASTER_SIGNER.privateKey,
    paymaster: VERIFYING_PAYMASTER_ADDRESS,
    policy: { sponsor: { name: 'Test Sponsor' }, chainIds: [31337], senders: [sender, limited], targets: [target], dailyLimitPerSender: 2 },
    log: (line) => logLines.push(line),
  });
});

afterAll(async () => {
  await service?.stop();
  await anvil?.stop();
});

let id = 0;
async function post(body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(service.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body), ...init });
}
async function call(method: string, params: unknown): Promise<{ result?: any; error?: { code: number; message: string; data?: any } }> {
  return (await post({ jsonrpc: '2.0', id: ++id, method, params })).json();
}
const stub = (op: unknown, entryPoint = ENTRY_POINT_ADDRESS, chainId: unknown = CHAIN_ID) => call('pm_getPaymasterStubData', [op, entryPoint, chainId, {}]);
const data = (op: unknown, entryPoint = ENTRY_POINT_ADDRESS, chainId: unknown = CHAIN_ID) => call('pm_getPaymasterData', [op, entryPoint, chainId, null]);

describe('HTTP and JSON-RPC envelope', () => {
  it('answers the CORS preflight of an extension origin', async () => {
    const reply = await fetch(service.url, { method: 'OPTIONS', headers: { Origin: 'chrome-extension://abcdef', 'Access-Control-Request-Method': 'POST' } });
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-allow-methods')).toContain('POST');
    expect(reply.headers.get('access-control-allow-headers')).toContain('Content-Type');
    expect((await post({ jsonrpc: '2.0', id: 1, method: 'nope', params: [] })).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves only POST /rpc', async () => {
    expect((await fetch(service.url.replace('/rpc', '/other'), { method: 'POST', body: '{}' })).status).toBe(404);
    expect((await fetch(service.url)).status).toBe(405);
  });

  it('answers -32700, -32600, -32601 and -32602 for broken envelopes', async () => {
    expect(await (await post('{"jsonrpc":')).json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error/) } });
    expect((await (await post({ jsonrpc: '1.0', id: 7, method: 'pm_getPaymasterData', params: [] })).json()).error).toMatchObject({ code: -32600, message: expect.stringContaining('jsonrpc must be "2.0"') });
    expect((await (await post({ jsonrpc: '2.0', method: 'pm_getPaymasterData', params: [] })).json()).error.code).toBe(-32600);
    expect((await (await post([])).json()).error.code).toBe(-32600);
    const unknown = await call('pm_sponsorUserOperation', []);
    expect(unknown.error).toMatchObject({ code: -32601, message: expect.stringContaining('pm_getPaymasterStubData, pm_getPaymasterData') });
    expect((await call('pm_getPaymasterData', { userOp: userOp() })).error).toMatchObject({ code: -32602, message: expect.stringContaining('params must be an array') });
  });

  it('echoes ids and answers batches in order', async () => {
    const replies = await (await post([
      { jsonrpc: '2.0', id: 'a', method: 'pm_getPaymasterStubData', params: [userOp(), ENTRY_POINT_ADDRESS, CHAIN_ID, {}] },
      { jsonrpc: '2.0', id: 2, method: 'nope', params: [] },
    ])).json();
    expect(replies.map((reply: { id: unknown }) => reply.id)).toEqual(['a', 2]);
    expect(replies[0].result.isFinal).toBe(false);
    expect(replies[1].error.code).toBe(-32601);
  });
});

describe('pm_getPaymasterStubData', () => {
  it('returns the ERC-7677 stub: paymaster fields with a dummy signature, the sponsor, isFinal false', async () => {
    // As in estimation: gas fields zero or absent.
    const { result } = await stub(userOp({ callGasLimit: '0x0', verificationGasLimit: undefined, preVerificationGas: '0x0' }));
    expect(result).toEqual({
      paymaster: VERIFYING_PAYMASTER_ADDRESS,
      paymasterData: expect.stringMatching(/^0x[0-9a-f]{154}$/),
      paymasterVerificationGasLimit: toBeHex(PAYMASTER_VERIFICATION_GAS_LIMIT).replace(/^0x0+/, '0x'),
      paymasterPostOpGasLimit: '0x0',
      sponsor: { name: 'Test Sponsor' },
      isFinal: false,
    });
  });
});

describe('pm_getPaymasterData', () => {
  it('signs the VerifyingPaymaster hash with the devnet signer inside a validity window of chain time', async () => {
    const op = userOp({ nonce: '0x63' });
    const { result } = await data(op);
    expect(Object.keys(result)).toEqual(['paymaster', 'paymasterData', 'paymasterVerificationGasLimit', 'paymasterPostOpGasLimit']);
    const validUntil = Number(dataSlice(result.paymasterData, 0, 6));
    const validAfter = Number(dataSlice(result.paymasterData, 6, 12));
    const signature = dataSlice(result.paymasterData, 12);
    expect(validUntil - validAfter).toBe(600 + 60);
    const fields = { paymaster: result.paymaster, paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT, paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT };
    const hash = paymasterHash(parseUserOperation(op, 'required'), SIMPLE_7702_ACCOUNT_ADDRESS, fields, 31337n, validUntil, validAfter);
    expect(verifyMessage(getBytes(hash), signature)).toBe(PAYMASTER_SIGNER.address);
    expect(logLines.at(-1)).toBe(`paymaster: pm_getPaymasterData sender=${sender} nonce=0x63 -> signed`);
  });

  it('names the missing or malformed field with -32602', async () => {
    const full = (op: unknown) => [op, ENTRY_POINT_ADDRESS, CHAIN_ID, {}];
    const cases: [unknown[], RegExp][] = [
      [full(userOp({ sender: undefined })), /userOp.sender must be a 20-byte hex address/],
      [full(userOp({ nonce: 12 })), /userOp.nonce must be a hex quantity/],
      [full(userOp({ callGasLimit: undefined })), /userOp.callGasLimit must be a hex quantity/],
      [full(userOp({ maxFeePerGas: `0x1${'0'.repeat(32)}` })), /userOp.maxFeePerGas does not fit in 128 bits/],
      [full(userOp({ callData: '0x123' })), /userOp.callData must be 0x-prefixed hex bytes/],
      [full(userOp({ initCode: '0x', paymasterAndData: '0x' })), /EntryPoint v0.6 form/],
      [full(userOp({ factory: '0x1234' })), /userOp.factory must be a 20-byte hex address or "0x7702"/],
      [full(userOp({ factoryData: '0xabcd' })), /factory "0x7702" with factoryData is ambiguous/],
      [full(userOp({ eip7702Auth: { address: SIMPLE_7702_ACCOUNT_ADDRESS } })), /userOp.eip7702Auth.chainId must be a hex quantity/],
      [full('not an op'), /params\[0\] \(userOp\) must be a UserOperation object/],
      [[userOp(), 'entrypoint', CHAIN_ID], /params\[1\] \(entryPoint\) must be a 20-byte hex address/],
      [[userOp(), ENTRY_POINT_ADDRESS, 31337], /params\[2\] \(chainId\) must be a hex string/],
      [[userOp(), ENTRY_POINT_ADDRESS, CHAIN_ID, 'ctx'], /params\[3\] \(context\) must be an object or null/],
      [[userOp()], /expected params \[userOp, entryPoint, chainId, context\?\], got 1 params/],
    ];
    for (const [params, message] of cases) {
      const { error } = await call('pm_getPaymasterData', params);
      expect(error, message.source).toMatchObject({ code: ErrorCode.invalidParams, message: expect.stringMatching(message) });
    }
  });

  it('needs a delegated sender when factory is 0x7702 without eip7702Auth', async () => {
    const { error } = await data(userOp({ eip7702Auth: undefined }));
    expect(error).toMatchObject({ code: -32602, message: expect.stringContaining('is not delegated') });
  });
});

describe('sponsorship policy', () => {
  const refused = (reason: string, code: number = ErrorCode.notSponsored) => ({ code, message: expect.stringMatching(/^Not sponsored: /), data: { reason } });

  it('refuses other chains, EntryPoints, senders and call targets, saying what is allowed', async () => {
    for (const method of [stub, data]) {
      expect((await method(userOp(), ENTRY_POINT_ADDRESS, '0x1')).error).toEqual({ ...refused('chainId'), message: 'Not sponsored: chain 0x1 is not sponsored (sponsored: 0x7a69)' });
      expect((await method(userOp(), '0x0000000071727De22E5E9d8BAf0edAc6f37da032')).error).toEqual({
        ...refused('entryPoint'),
        message: `Not sponsored: EntryPoint 0x0000000071727De22E5E9d8BAf0edAc6f37da032 is not supported; this paymaster works with the v0.8 EntryPoint ${ENTRY_POINT_ADDRESS}`,
      });
      expect((await method(userOp({ sender: stranger }))).error).toEqual({ ...refused('sender'), message: `Not sponsored: sender ${stranger} is not on the sponsored senders list` });
      expect((await method(userOp({ callData: batch(target, elsewhere) }))).error).toEqual({ ...refused('target'), message: `Not sponsored: call target ${elsewhere} is not on the sponsored targets list` });
      expect((await method(userOp({ callData: account.encodeFunctionData('execute', [elsewhere, 0n, '0x']) }))).error).toMatchObject(refused('target'));
      expect((await method(userOp({ callData: '0xdeadbeef' }))).error).toEqual({
        ...refused('target'),
        message: 'Not sponsored: callData is not a Simple7702Account execute/executeBatch call, so its targets cannot be checked',
      });
    }
    expect((await data(userOp({ callData: account.encodeFunctionData('execute', [target, 0n, '0x']) }))).result).toBeDefined();
    expect(logLines.at(-2)).toMatch(/^paymaster: pm_getPaymasterData sender=0x[0-9a-fA-F]{40} nonce=0x0 -> refused \(-32003 Not sponsored: callData is not/);
  });

  it('limits each sender to dailyLimitPerSender signed operations a day, re-signing one it already got', async () => {
    const op = (nonce: string) => userOp({ sender: limited, nonce });
    expect((await data(op('0x0'))).result).toBeDefined();
    expect((await data(op('0x1'))).result).toBeDefined();
    const over = (await data(op('0x2'))).error;
    expect(over).toEqual({ ...refused('dailyLimit', ErrorCode.limitExceeded), message: `Not sponsored: sender ${limited} has used its 2 sponsored operations for today (UTC)` });
    expect((await stub(op('0x2'))).error).toMatchObject(refused('dailyLimit', ErrorCode.limitExceeded));
    expect((await data(op('0x1'))).result).toBeDefined();
    expect((await stub(op('0x1'))).result).toBeDefined();
  });
});
