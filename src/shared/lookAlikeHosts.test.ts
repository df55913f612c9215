import { describe, expect, it } from 'vitest';
import { decodePunycode, hostSkeleton, lookAlikeHostReason, unicodeHost } from './lookAlikeHosts';

/** The host a browser puts in the origin for a name typed in Unicode (IDNA to punycode). */
const asciiHost = (unicode: string): string => new URL(`http://${unicode}`).hostname;

describe('punycode', () => {
  it('decodes labels as browsers encode them', () => {
    for (const name of ['unіswap.org', 'münchen.de', 'bücher.example', '日本語.jp', 'оpensea.io']) {
      expect(asciiHost(name)).toMatch(/xn--/);
      expect(unicodeHost(asciiHost(name))).toBe(name);
    }
  });

  it('refuses what is not punycode', () => {
    expect(decodePunycode('ab!c')).toBeUndefined();
    expect(unicodeHost('xn--ab!c.org')).toBe('xn--ab!c.org');
  });
});

describe('look-alike sites', () => {
  it('warns about homoglyphs of a well-known dapp, written in punycode', () => {
    expect(lookAlikeHostReason(asciiHost('unіswap.org'))).toBe(`This site’s address looks like uniswap.org but is not it (${asciiHost('unіswap.org')} is shown as “unіswap.org”).`);
    expect(lookAlikeHostReason(asciiHost('оpensea.io'))).toMatch(/^This site’s address looks like opensea.io but is not it/);
    expect(lookAlikeHostReason(asciiHost('1inсh.io'))).toMatch(/looks like 1inch.io/);
    expect(lookAlikeHostReason(asciiHost('app.aavé.com'))).toMatch(/looks like app.aave.com/);
    expect(lookAlikeHostReason(asciiHost('lіdo.fi'))).toMatch(/looks like lido.fi/);
  });

  it('warns about ASCII look-alikes: digits for letters, rn for m, a dapp host followed by another domain', () => {
    expect(lookAlikeHostReason('curve.f1')).toMatch(/looks like curve.fi/);
    expect(lookAlikeHostReason('0pensea.io')).toMatch(/looks like opensea.io/);
    expect(lookAlikeHostReason('cornpound.finance')).toMatch(/looks like compound.finance/);
    expect(lookAlikeHostReason('app.uniswap.org.claim-airdrop.example')).toMatch(/looks like app.uniswap.org/);
  });

  it('does not warn about the real hosts, their subdomains, or other names', () => {
    for (const host of ['uniswap.org', 'app.uniswap.org', 'APP.AAVE.COM', 'www.opensea.io', 'curve.fi.', 'lido.fi', '1inch.io', 'example.com', '127.0.0.1', 'localhost', asciiHost('münchen.de')]) {
      expect(lookAlikeHostReason(host), host).toBeUndefined();
    }
  });

  it('warns about a decoded name that mixes scripts, whatever it imitates', () => {
    expect(lookAlikeHostReason(asciiHost('pаypal-wallet.example'))).toMatch(/mixes Latin and Cyrillic letters.*it may imitate another site\.$/);
  });

  it('reads confusable letters as Latin', () => {
    expect(hostSkeleton('unіswаp.org')).toBe(hostSkeleton('uniswap.org'));
    expect(hostSkeleton('ορensea.io')).toBe(hostSkeleton('opensea.io'));
    expect(hostSkeleton('cornpound')).toBe('compound');
  });
});
