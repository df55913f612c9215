import { describe, expect, it } from 'vitest';
import { errorOf } from './errorOf';
import { parsePaymasterCapability } from './paymasterCapability';

describe('paymasterService capability', () => {
  it('takes an https URL on a public host, with its context passed through', () => {
    expect(parsePaymasterCapability({ url: 'https://pm.example/rpc', context: { policy: 'a' } }, false)).toEqual({ url: 'https://pm.example/rpc', context: { policy: 'a' }, optional: false });
  });

  it('takes a loopback host (http or https) only in the devnet build', () => {
    expect(parsePaymasterCapability({ url: 'http://127.0.0.1:3000/rpc' }, true).url).toBe('http://127.0.0.1:3000/rpc');
    expect(parsePaymasterCapability({ url: 'https://localhost/rpc' }, true).url).toBe('https://localhost/rpc');
    expect(errorOf(() => parsePaymasterCapability({ url: 'http://127.0.0.1:3000/rpc' }, false)).message).toBe(
      'Invalid paymaster URL: http://127.0.0.1:3000/rpc names a loopback host; a paymaster service must be public',
    );
    expect(errorOf(() => parsePaymasterCapability({ url: 'https://[::1]/rpc' }, false)).code).toBe(4200);
    expect(errorOf(() => parsePaymasterCapability({ url: 'http://pm.example/rpc' }, true)).message).toBe('Invalid paymaster URL: http://pm.example/rpc must use https');
  });

  it.each([
    'https://10.0.0.1/rpc', 'https://172.16.5.5/rpc', 'https://192.168.0.1/rpc', 'https://169.254.169.254/latest', 'https://100.64.0.1/',
    'https://0.0.0.0/', 'https://[fd00::1]/', 'https://[fe80::1]/', 'https://[::ffff:127.0.0.1]/', 'https://[::ffff:10.0.0.1]/',
    'https://[::ffff:7f00:1]/', 'https://012.1/', 'https://router/', 'https://printer.local/',
  ])('4200 for %s, even in the devnet build', (url) => {
    const error = errorOf(() => parsePaymasterCapability({ url }, true));
    expect(error.code).toBe(4200);
    expect(error.message).toMatch(/host; a paymaster service must be public$/);
  });

  it('the decimal, octal, hex and short forms of 127.0.0.1 are loopback: refused in the production build', () => {
    for (const url of ['http://2130706433/', 'http://0177.0.0.1/', 'http://0x7f.1/', 'http://127.1/']) {
      expect(errorOf(() => parsePaymasterCapability({ url }, false)).message).toBe('Invalid paymaster URL: http://127.0.0.1/ names a loopback host; a paymaster service must be public');
    }
  });

  it.each([
    [{}, 'capabilities.paymasterService.url is required'],
    [{ url: 'not a url' }, '"not a url" does not parse as a URL'],
    [{ url: 'ftp://pm.example' }, 'ftp://pm.example/ must use https'],
    [{ url: 'https://pm.example', context: 'x' }, 'context must be an object'],
    ['https://pm.example', 'must be an object with a url'],
  ])('4200 for %j', (value, reason) => {
    const error = errorOf(() => parsePaymasterCapability(value, true));
    expect(error.code).toBe(4200);
    expect(error.message).toContain(reason);
  });
});
