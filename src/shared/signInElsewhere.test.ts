import { describe, expect, it } from 'vitest';
import { signInElsewhere, siweElsewhere } from './signInElsewhere';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('EIP-4361 domain check', () => {
  const siwe = (domain: string) => `${domain} wants you to sign in with your Ethereum account:\n${ACCOUNT}\n\nURI: https://${domain}`;
  const evil = { requested: 'evil.example', domain: 'evil.example', origin: 'https://app.example' };
  it('accepts the requesting site’s own domain (with port)', () => {
    expect(siweElsewhere(siwe('app.example'), 'https://app.example')).toBeUndefined();
    expect(siweElsewhere(siwe('127.0.0.1:4173'), 'http://127.0.0.1:4173')).toBeUndefined();
  });
  it('warns for another domain or scheme, and ignores non-SIWE text', () => {
    expect(siweElsewhere(siwe('evil.example'), 'https://app.example')).toEqual(evil);
    expect(siweElsewhere(`http://${siwe('app.example')}`, 'https://app.example')).toEqual({ requested: 'http://app.example', domain: 'app.example', origin: 'https://app.example' });
    expect(siweElsewhere('just text', 'https://app.example')).toBeUndefined();
  });
  it('is not skipped by whitespace or invisible characters before the header (issue 11, L1)', () => {
    for (const prefix of ['\n', '\r\n\n', '  \t', '\ufeff', '\u200b\n']) {
      expect(siweElsewhere(`${prefix}${siwe('evil.example')}`, 'https://app.example')).toEqual(evil);
    }
  });
  it('names ERC-7846\'s sign-in for another domain or scheme than the connecting site\'s', () => {
    expect(signInElsewhere(undefined, 'bank.example', 'https://dapp.example')).toEqual({ requested: 'bank.example', domain: 'bank.example', origin: 'https://dapp.example' });
    expect(signInElsewhere('http', 'dapp.example', 'https://dapp.example')?.requested).toBe('http://dapp.example');
    expect(signInElsewhere('https', 'dapp.example', 'https://dapp.example')).toBeUndefined();
  });
});
