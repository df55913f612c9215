import { describe, expect, it } from 'vitest';
import { errorOf } from './errorOf';
import { parseWalletConnect } from './walletConnect';

const connect = (request: Record<string, unknown>) => parseWalletConnect([{ version: '1', ...request }]);
const signIn = (fields: Record<string, unknown>) => connect({ capabilities: { signInWithEthereum: { nonce: '12345678', ...fields } } });

describe('parseWalletConnect', () => {
  it('takes version "1" alone, with chain ids, and with the sign-in fields as viem sends them', () => {
    expect(connect({})).toEqual({});
    expect(connect({ capabilities: {} })).toEqual({});
    expect(connect({ chainIds: ['0x1', '0x7A69'] })).toEqual({ chainIds: ['0x1', '0x7a69'] });
    const fields = {
      nonce: 'abcDEF123', chainId: '0x7a69', domain: '127.0.0.1:4173', uri: 'http://127.0.0.1:4173/login', version: '1', scheme: 'http',
      statement: 'Sign in to the demo: https://127.0.0.1/tos', issuedAt: '2026-11-23T16:00:00.000Z', expirationTime: '2026-11-23T17:00:00+01:00',
      notBefore: '2026-11-23T15:00:00Z', requestId: 'a-1', resources: ['https://127.0.0.1:4173/a', 'ipfs://bafy/'],
    };
    expect(signIn(fields)).toEqual({ signIn: fields });
    expect(signIn({})).toEqual({ signIn: { nonce: '12345678' } });
  });

  it('refuses a malformed request with -32602 naming the field', () => {
    expect(errorOf(() => parseWalletConnect([]))).toMatchObject({ code: -32602, message: 'wallet_connect expects 1 params, got 0' });
    expect(errorOf(() => parseWalletConnect([{}]))).toMatchObject({ code: -32602, message: 'version must be "1", got none' });
    expect(errorOf(() => connect({ version: '2' }))).toMatchObject({ code: -32602, message: 'version must be "1", got "2"' });
    expect(errorOf(() => connect({ chainIds: '0x1' })).message).toMatch(/^chainIds must be a non-empty array/);
    expect(errorOf(() => connect({ chainIds: ['1'] })).message).toMatch(/^chainIds\[0\] must be a hex number/);
    expect(errorOf(() => connect({ capabilities: [] })).message).toMatch(/^capabilities must be an object/);
  });

  it('checks each sign-in field against EIP-4361, so none can add a line to the message', () => {
    const refused = (fields: Record<string, unknown>, message: RegExp) => {
      const error = errorOf(() => signIn(fields));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(message);
    };
    refused({ nonce: undefined }, /^capabilities\.signInWithEthereum\.nonce must be at least 8 letters or digits, got undefined/);
    refused({ nonce: '1234567' }, /\.nonce must be at least 8/);
    refused({ nonce: '12345678\nURI: x' }, /\.nonce must be/);
    refused({ chainId: 1 }, /\.chainId must be a hex number/);
    refused({ domain: 'app.example\nevil' }, /\.domain must be an RFC 3986 authority/);
    refused({ domain: 'https://app.example' }, /\.domain must be an RFC 3986 authority/);
    refused({ uri: 'not a uri' }, /\.uri must be an RFC 3986 URI/);
    refused({ statement: 'two\nlines' }, /\.statement must be one line/);
    refused({ statement: 'caf\u00e9' }, /\.statement must be one line/);
    refused({ version: '2' }, /\.version must be "1"/);
    refused({ scheme: '1http' }, /\.scheme must be an RFC 3986 scheme/);
    refused({ issuedAt: '2026-11-23' }, /\.issuedAt must be an RFC 3339 date-time/);
    refused({ expirationTime: '2026-13-45T99:00:00Z' }, /\.expirationTime is not a real date/);
    refused({ requestId: 'a b' }, /\.requestId must be RFC 3986 path characters/);
    refused({ resources: 'https://a.example' }, /\.resources must be an array/);
    refused({ resources: ['https://a.example', 'b c'] }, /\.resources\[1\] must be an RFC 3986 URI/);
    refused({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' }, /\.address is not an EIP-4361 field the wallet can put in the message/);
  });

  it('answers 5700 for a capability the wallet lacks unless it is optional', () => {
    expect(errorOf(() => connect({ capabilities: { subAccounts: {} } }))).toMatchObject({ code: 5700, message: expect.stringMatching(/capabilities\.subAccounts/) });
    expect(connect({ capabilities: { subAccounts: { optional: true } } })).toEqual({});
  });
});
