/** The paymaster service's ERC-7677 methods: the stub and the signed data as the spec shapes them, malformed params named, and bad input that reserves nothing. */
import { getBytes, verifyMessage, dataSlice, toBeHex } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ENTRY_POINT_ADDRESS, PAYMASTER_SIGNER, SIMPLE_7702_ACCOUNT_ADDRESS, VERIFYING_PAYMASTER_ADDRESS } from '../devnet/constants';
import { PAYMASTER_VERIFICATION_GAS_LIMIT } from './methods';
import { ErrorCode } from './rpc';
import { opDigests, parseUserOperation, paymasterHash } from './userOp';
import { CHAIN_ID, FIELDS, MAX_BODY, params, roomy, sender, servePaymaster, userOp } from './service.fixture';

const RPC_PORT = 8650;
const { logLines, post, call, metric, stub, data } = servePaymaster(RPC_PORT);

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
    const parsed = parseUserOperation(op, 'required');
    const hash = paymasterHash(parsed, opDigests(parsed, SIMPLE_7702_ACCOUNT_ADDRESS), FIELDS, 31337n, validUntil, validAfter);
    expect(verifyMessage(getBytes(hash), signature)).toBe(PAYMASTER_SIGNER.address);
    expect(logLines.at(-1)).toMatchObject({ msg: `pm_getPaymasterData sender=${sender} nonce=0x63 -> signed`, app: 'default', outcome: 'ok', level: 30 });
  });

  it('names the missing or malformed field with -32602', async () => {
    const full = (op: unknown) => [op, ENTRY_POINT_ADDRESS, CHAIN_ID, {}];
    const cases: [unknown[], RegExp][] = [
      [full(userOp({ sender: undefined })), /userOp.sender must be a 20-byte hex address/],
      [full(userOp({ nonce: 12 })), /userOp.nonce must be a hex number/],
      [full(userOp({ callGasLimit: undefined })), /userOp.callGasLimit must be a hex number/],
      [full(userOp({ maxFeePerGas: `0x1${'0'.repeat(32)}` })), /userOp.maxFeePerGas does not fit in 128 bits/],
      [full(userOp({ callData: '0x123' })), /userOp.callData must be hex bytes/],
      [full(userOp({ initCode: '0x', paymasterAndData: '0x' })), /EntryPoint v0.6 form/],
      [full(userOp({ factory: '0x1234' })), /userOp.factory must be a 20-byte hex address or "0x7702"/],
      [full(userOp({ factoryData: '0xabcd' })), /factory "0x7702" with factoryData is ambiguous/],
      [full(userOp({ eip7702Auth: { address: SIMPLE_7702_ACCOUNT_ADDRESS } })), /userOp.eip7702Auth.chainId must be a hex number/],
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
describe('bad input', () => {
  it('answers each with its JSON-RPC error and reserves nothing', async () => {
    const usage = () => Promise.all([metric('paymaster_sponsored_operations{app="default"}'), metric('paymaster_budget_used_wei{app="default"}')]);
    const before = await usage();
    const fresh = { sender: roomy, nonce: '0x77' };
    const codes = [
      (await call('pm_getPaymasterData', params(userOp({ ...fresh, maxFeePerGas: 'lots' })))).error?.code,
      (await call('pm_getPaymasterData', [userOp(fresh), '0x0000000071727De22E5E9d8BAf0edAc6f37da032', CHAIN_ID, {}])).error?.code,
      (await call('pm_getPaymasterData', [userOp(fresh), ENTRY_POINT_ADDRESS, '0x2105', {}])).error?.code,
      (await call('pm_sponsorUserOperation', params(userOp(fresh)))).error?.code,
      (await (await post('pm_getPaymasterData please')).json()).error.code,
      (await (await post({ jsonrpc: '2.0', id: 1, method: 'pm_getPaymasterData', params: [userOp(fresh), 'x'.repeat(MAX_BODY)] })).json()).error.code,
    ];
    expect(codes).toEqual([ErrorCode.invalidParams, ErrorCode.notSponsored, ErrorCode.notSponsored, ErrorCode.methodNotFound, ErrorCode.parseError, ErrorCode.invalidRequest]);
    expect(await usage()).toEqual(before);
    expect((await data(userOp(fresh))).result).toBeDefined();
    expect(await metric('paymaster_sponsored_operations{app="default"}')).toBe(before[0] + 1);
  });
});
