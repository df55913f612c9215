import { describe, expect, it } from 'vitest';
import { isNotSecure } from './secureOrigin';

describe('isNotSecure: a site a network attacker can act as, as browsers mark it', () => {
  it.each(['http://example.com', 'http://dapp.test:4173', 'http://192.168.1.20', 'http://10.0.0.1:8080', 'http://[fe80::1]', 'http://[::ffff:127.0.0.1]', 'HTTP://Example.COM'])(
    '%s is not secure',
    (origin) => expect(isNotSecure(origin)).toBe(true),
  );

  it.each([
    'https://example.com', 'http://127.0.0.1:4173', 'http://127.8.9.1', 'http://localhost:3000', 'http://app.localhost', 'http://[::1]:8080',
    'chrome-extension://abcdefghijklmnop', 'moz-extension://0b4c1e7e-2f7a-4a53-9e5c-1a2b3c4d5e6f', 'null', '',
  ])('%s is not marked', (origin) => expect(isNotSecure(origin)).toBe(false));
});
