import { describe, expect, it } from 'vitest';
import { DEVNET_LISTED_HOST, phishingVerdict as verdictOf } from './phishingList';
import { shippedLists } from './testing';

const LISTS = shippedLists();
const phishingVerdict = (host: string) => verdictOf(host, LISTS);

describe('the phishing list (eth-phishing-detect)', () => {
  it('lists a host on the blocklist, its subdomains, any case, with a trailing dot', () => {
    expect(phishingVerdict('azukishop.live')).toEqual({ kind: 'listed' });
    expect(phishingVerdict('claim.AzukiShop.live.')).toEqual({ kind: 'listed' });
    expect(phishingVerdict('etherealart.nfts-mints.com')).toEqual({ kind: 'listed' });
  });

  it('does not list the parent of a listed subdomain, nor ordinary or local hosts', () => {
    for (const host of ['webflow.io', 'example.com', 'localhost', '127.0.0.1', 'uniswap.org']) expect(phishingVerdict(host), host).toBeUndefined();
  });

  it('lets a listed host win over an allowlisted parent (a free-hosting domain allowed, one of its sites listed)', () => {
    expect(phishingVerdict('updog.co')).toBeUndefined();
    expect(phishingVerdict('binance.updog.co')).toEqual({ kind: 'listed' });
    expect(phishingVerdict('login.binance.updog.co')).toEqual({ kind: 'listed' });
    expect(phishingVerdict('cpanel.coinbased.xyz')).toEqual({ kind: 'listed' });
  });

  it('lets the allowlist win over the fuzzy match', () => {
    expect(phishingVerdict('metamask.io')).toBeUndefined();
    expect(phishingVerdict('auctic.net')).toBeUndefined();
  });

  it('says which target of phishing a near name resembles, without listing it', () => {
    expect(phishingVerdict('opensae.io')).toEqual({ kind: 'resembles', target: 'opensea.io' });
    expect(phishingVerdict('www.etherscann.com')).toEqual({ kind: 'resembles', target: 'etherscan.io' });
  });

  it('lists the e2e host in the devnet build', () => {
    expect(phishingVerdict(DEVNET_LISTED_HOST)).toEqual({ kind: 'listed' });
  });
});
