import { describe, expect, it } from 'vitest';
import { DEFAULT_APP, UNAUTHORIZED, hashApiKey, loadApps, newApiKey } from './apps';
import { RateLimiter } from './rateLimit';
import { RpcError } from './rpc';

const policy = { sponsor: { name: 'Sponsor' }, chainIds: [31337] };

describe('apps and API keys', () => {
  const mine = newApiKey();

  it('makes random keys and keeps only their SHA-256', () => {
    expect(mine.key).toMatch(/^pmk_[A-Za-z0-9_-]{43}$/);
    expect(mine.keySha256).toBe(hashApiKey(mine.key));
    expect(newApiKey().key).not.toBe(mine.key);
  });

  it('gives a key its app and policy, a request without one the default app, and refuses the rest', () => {
    const apps = loadApps({ apps: { mine: { keySha256: [mine.keySha256.toUpperCase()], policy: { ...policy, dailyWeiPerApp: '7' } } } }, policy);
    expect(apps.resolve(mine.key)).toMatchObject({ name: 'mine', policy: { dailyWeiPerApp: 7n } });
    expect(apps.resolve(undefined)).toMatchObject({ name: DEFAULT_APP });
    expect(apps.resolve('pmk_guessed')).toEqual(new RpcError(UNAUTHORIZED, 'Unauthorized: unknown API key'));
    expect(apps.resolve(mine.keySha256)).toBeInstanceOf(RpcError);
    const keysOnly = loadApps({ apps: { mine: { keySha256: [mine.keySha256], policy } } }, undefined);
    expect((keysOnly.resolve(undefined) as RpcError).message).toBe('Unauthorized: this service needs an API key (?apikey=… or Authorization: Bearer …)');
  });

  it('says what is wrong with an apps file', () => {
    const hash = mine.keySha256;
    expect(() => loadApps({ apps: { mine: { keySha256: [mine.key], policy } } }, undefined)).toThrow('apps.mine.keySha256 must be an array of SHA-256 hashes');
    expect(() => loadApps({ apps: { default: { keySha256: [hash], policy } } }, undefined)).toThrow('app name "default" must be');
    expect(() => loadApps({ apps: { a: { keySha256: [hash], policy }, b: { keySha256: [hash], policy } } }, undefined)).toThrow('a key hash is listed twice (apps a and b)');
    expect(() => loadApps('/nonexistent/apps.json', undefined)).toThrow('Cannot read the apps file /nonexistent/apps.json');
  });
});

describe('RateLimiter', () => {
  it('allows a second\'s worth at once, then refills at its rate, per key', () => {
    let now = 0;
    const limiter = new RateLimiter(3, () => now);
    expect([1, 2, 3, 4].map(() => limiter.take('a'))).toEqual([true, true, true, false]);
    expect(limiter.take('b')).toBe(true);
    now = 340;
    expect([limiter.take('a'), limiter.take('a')]).toEqual([true, false]);
    expect(new RateLimiter(0).take('a')).toBe(true);
  });

  it('takes several tokens at once, or none when fewer are left', () => {
    let now = 0;
    const limiter = new RateLimiter(5, () => now);
    expect(limiter.take('a', 4)).toBe(true);
    expect(limiter.take('a', 2)).toBe(false);
    expect(limiter.take('a', 1)).toBe(true);
    expect(limiter.take('b', 6)).toBe(false);
    now = 1000;
    expect(limiter.take('a', 5)).toBe(true);
  });
});
