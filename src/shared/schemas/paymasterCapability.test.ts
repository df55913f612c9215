import { describe, expect, it } from 'vitest';
import { errorOf } from './errorOf';
import { parsePaymasterCapability } from './paymasterCapability';

describe('paymasterService capability', () => {
  it('takes an https URL anywhere, with its context passed through', () => {
    expect(parsePaymasterCapability({ url: 'https://pm.example/rpc', context: { policy: 'a' } }, false)).toEqual({ url: 'https://pm.example/rpc', context: { policy: 'a' }, optional: false });
  });

  it('takes plain http only for a loopback host, and only on the local devnet', () => {
    expect(parsePaymasterCapability({ url: 'http://127.0.0.1:3000/rpc' }, true).url).toBe('http://127.0.0.1:3000/rpc');
    expect(errorOf(() => parsePaymasterCapability({ url: 'http://127.0.0.1:3000/rpc' }, false)).message).toBe('Invalid paymaster URL: http://127.0.0.1:3000/rpc must use https');
    expect(errorOf(() => parsePaymasterCapability({ url: 'http://pm.example/rpc' }, true)).code).toBe(4200);
  });

  it.each([
    [{}, 'capabilities.paymasterService.url is required'],
    [{ url: 'not a url' }, '"not a url" does not parse as a URL'],
    [{ url: 'ftp://pm.example' }, 'ftp://pm.example must use https'],
    [{ url: 'https://pm.example', context: 'x' }, 'context must be an object'],
    ['https://pm.example', 'must be an object with a url'],
  ])('4200 for %j', (value, reason) => {
    const error = errorOf(() => parsePaymasterCapability(value, true));
    expect(error.code).toBe(4200);
    expect(error.message).toContain(reason);
  });
});
