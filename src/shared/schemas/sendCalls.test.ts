import { describe, expect, it } from 'vitest';
import type { RpcError } from '../errors';
import { errorOf as errorFrom } from './errorOf';
import { MAX_CALLS, MAX_ID_LENGTH, parseSendCalls } from './sendCalls';

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const batch = (overrides: Record<string, unknown> = {}) => [
  { version: '2.0.0', from: FROM, chainId: '0x7a69', atomicRequired: true, calls: [{ to: TO, value: '0x1' }], ...overrides },
];

const errorOf = (params: unknown): RpcError => errorFrom(() => parseSendCalls(params));

describe('wallet_sendCalls params', () => {
  it('parses a 2.0.0 batch; value and data default to zero and empty', () => {
    const parsed = parseSendCalls(batch({ id: 'abc', calls: [{ to: TO }, { to: TO, value: '0x10', data: '0xabcd' }] }));
    expect(parsed).toEqual({
      id: 'abc', from: FROM, chainId: '0x7a69', atomicRequired: true, capabilities: {},
      calls: [{ to: TO, value: 0n, data: '0x' }, { to: TO, value: 16n, data: '0xabcd' }],
    });
  });

  it('from is optional (EIP-5792)', () => {
    expect(parseSendCalls(batch({ from: undefined })).from).toBeUndefined();
  });

  it('answers -32000 "Version not supported" for any version but 2.0.0, naming the supported one', () => {
    const error = errorOf([{ version: '1.0', from: FROM, chainId: '0x7a69', calls: [{ to: TO, value: '0x0' }] }]);
    expect(error.code).toBe(-32000);
    expect(error.message).toBe('Version not supported: this wallet supports wallet_sendCalls version 2.0.0, got "1.0"');
  });

  it.each([
    [[], /expects 1 params/],
    [batch({ version: undefined }), /^version is required/],
    [batch({ from: '0x12' }), /^from must be a 20-byte hex address/],
    [batch({ chainId: '0x7A69' }), /^chainId must be a lowercase hex chain id/],
    [batch({ chainId: '0x07a69' }), /^chainId must be/],
    [batch({ chainId: 31337 }), /^chainId must be/],
    [batch({ atomicRequired: undefined }), /^atomicRequired must be a boolean/],
    [batch({ atomicRequired: 'true' }), /^atomicRequired must be a boolean/],
    [batch({ calls: [] }), /^calls must be a non-empty array/],
    [batch({ calls: [{ value: '0x1' }] }), /^calls\[0\]\.to must be a 20-byte hex address/],
    [batch({ calls: [{ to: '0x000000000000000000000000000000000000F00d' }] }), /^calls\[0\]\.to 0x0+F00d has an invalid EIP-55 checksum/],
    [batch({ calls: [{ to: TO, value: 5 }] }), /^calls\[0\]\.value must be a hex number/],
    [batch({ calls: [{ to: TO, value: `0x${'f'.repeat(65)}` }] }), /^calls\[0\]\.value 0xf{65} is above 2\^256 - 1$/],
    [batch({ calls: [{ to: TO, data: '0xabc' }] }), /^calls\[0\]\.data must be hex bytes/],
    [batch({ id: '' }), /^id must be a non-empty string/],
    [batch({ id: 'x'.repeat(MAX_ID_LENGTH + 1) }), /^id must be a non-empty string of at most 4096/],
    [batch({ capabilities: [] }), /^capabilities must be an object/],
    [batch({ calls: [{ to: TO, capabilities: { gasLimitOverride: { value: 'lots' } } }] }), /^calls\[0\]\.capabilities\.gasLimitOverride\.value/],
  ])('-32602 naming the field: %j', (params, message) => {
    const error = errorOf(params);
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(message);
  });

  it(`answers 5740 above ${MAX_CALLS} calls`, () => {
    expect(() => parseSendCalls(batch({ calls: Array(MAX_CALLS).fill({ to: TO }) }))).not.toThrow();
    const error = errorOf(batch({ calls: Array(MAX_CALLS + 1).fill({ to: TO }) }));
    expect(error.code).toBe(5740);
    expect(error.message).toMatch(/65 calls, this wallet executes at most 64/);
  });

  it('answers 5700 for an unknown capability unless it is optional', () => {
    expect(errorOf(batch({ capabilities: { flashloan: {} } })).code).toBe(5700);
    expect(errorOf(batch({ calls: [{ to: TO, capabilities: { magic: { x: 1 } } }] })).code).toBe(5700);
    expect(parseSendCalls(batch({ capabilities: { flashloan: { optional: true } } })).capabilities).toEqual({ flashloan: { optional: true } });
    expect(errorOf(batch({ capabilities: { paymasterService: { url: 'https://pm.example' } } })).code).toBe(5700);
    expect(() => parseSendCalls(batch({ capabilities: { paymasterService: { url: 'https://pm.example' } } }), ['paymasterService'])).not.toThrow();
  });

  it('reads gasLimitOverride per call', () => {
    const parsed = parseSendCalls(batch({ calls: [{ to: TO, capabilities: { gasLimitOverride: { value: '0x186a0' } } }] }));
    expect(parsed.calls[0].gasLimitOverride).toBe(100_000n);
  });
});
