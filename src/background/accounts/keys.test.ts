/** keys.ts against ethers' HDNodeWallet and Wallet (kept as the oracle), and BIP-32's own test vectors. */
import { HDNodeWallet, Mnemonic, Wallet, hexlify, randomBytes } from 'ethers';
import { describe, expect, it } from 'vitest';
import { nodeAt, walletOf } from './keys';

const DEVNET = 'test test test test test test test test test test test junk';

describe('the wallets of the vault\'s keys', () => {
  it('derive the devnet phrase\'s well-known first account', () => {
    expect(walletOf(nodeAt({ phrase: DEVNET }, "m/44'/60'/0'/0/0")).address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
  });

  it('keep a key\'s leading zero byte (the devnet phrase\'s account 141, whose key starts with 00)', () => {
    const path = "m/44'/60'/0'/0/140";
    const expected = HDNodeWallet.fromPhrase(DEVNET, undefined, path).privateKey;
    expect(expected.startsWith('0x00')).toBe(true);
    expect(walletOf(nodeAt({ phrase: DEVNET }, path)).privateKey).toBe(expected);
  });

  it('are the keys HDNodeWallet derives, for random phrases and indexes', () => {
    for (let i = 0; i < 24; i++) {
      const phrase = Mnemonic.fromEntropy(randomBytes(16)).phrase;
      const index = i * 97;
      const path = `m/44'/60'/0'/0/${index}`;
      expect(walletOf(nodeAt({ phrase }, path)).privateKey).toBe(HDNodeWallet.fromPhrase(phrase, undefined, path).privateKey);
    }
  });

  it('are BIP-32\'s test vector 1 (hardened and plain steps, up to index 1000000000)', () => {
    const seed = { seed: '0x000102030405060708090a0b0c0d0e0f' };
    const expected = HDNodeWallet.fromSeed(seed.seed).derivePath("0'/1/2'/2/1000000000");
    expect(hexlify(nodeAt(seed, "m/0'/1/2'/2/1000000000").key)).toBe('0x471b76e389e528d6de6d816857e012c5455051cad6660850e58372a6c3e6e7c8');
    expect(hexlify(nodeAt(seed, "m/0'/1/2'/2/1000000000").chainCode)).toBe(expected.chainCode);
  });

  it('of an imported key, with or without 0x, are the key Wallet signs with', () => {
    const key = hexlify(randomBytes(32));
    expect(walletOf(key).address).toBe(new Wallet(key).address);
    expect(walletOf(key.slice(2)).address).toBe(new Wallet(key).address);
  });

  it('refuse a path that is not one', () => {
    expect(() => nodeAt({ phrase: DEVNET }, "44'/60'")).toThrow('A derivation path starts at m, not 44\'');
    expect(() => nodeAt({ phrase: DEVNET }, 'm/x')).toThrow('x is not a step of a derivation path');
    expect(() => nodeAt({ phrase: DEVNET }, 'm/2147483648')).toThrow('is not a step of a derivation path');
  });
});
