import { describe, expect, it } from 'vitest';
import { siteOf } from './siteOf';

describe('the site of an origin', () => {
  it('is its registrable domain: subdomains share it, public suffixes (co.uk, github.io) do not', async () => {
    expect(await siteOf('https://app.uniswap.org')).toBe('uniswap.org');
    expect(await siteOf('https://uniswap.org')).toBe('uniswap.org');
    expect(await siteOf('http://a.b.evil.co.uk:8080')).toBe('evil.co.uk');
    expect(await siteOf('https://alice.github.io')).toBe('alice.github.io');
    expect(await siteOf('https://bob.github.io')).toBe('bob.github.io');
    expect(await siteOf('http://sub.dapp.test:5173')).toBe('dapp.test');
  });

  it('is the host itself for an IP address, localhost or a host that is a public suffix', async () => {
    expect(await siteOf('http://127.0.0.1:4180')).toBe('127.0.0.1');
    expect(await siteOf('http://localhost:5173')).toBe('localhost');
    expect(await siteOf('http://[::1]:3000')).toBe('[::1]');
    expect(await siteOf('https://github.io')).toBe('github.io');
  });
});
