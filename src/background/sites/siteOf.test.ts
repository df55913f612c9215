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

  it('is the host itself for an IPv4 address, localhost or a host that is a public suffix', async () => {
    expect(await siteOf('http://127.0.0.1:4180')).toBe('127.0.0.1');
    expect(await siteOf('http://localhost:5173')).toBe('localhost');
    expect(await siteOf('https://github.io')).toBe('github.io');
  });

  it('is one for all the addresses of an IPv6 /64 (one host holds them all), so they cannot each take a site\'s limits', async () => {
    expect(await siteOf('http://[2001:db8:1:2::1]')).toBe('[2001:db8:1:2::]/64');
    expect(await siteOf('http://[2001:db8:1:2:ffff:ffff:ffff:ffff]:8080')).toBe('[2001:db8:1:2::]/64');
    expect(await siteOf('http://[2001:db8:1:3::1]')).toBe('[2001:db8:1:3::]/64');
    expect(await siteOf('http://[::ffff:10.0.0.1]')).toBe('[::]/64');
    expect(await siteOf('http://[::1]:3000')).toBe('[::]/64');
  });
});
