import { describe, expect, it } from 'vitest';
import { errorOf } from './errorOf';
import { messageText, parseEcRecover, parsePersonalSign, siweDomainWarning } from './signing';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
describe('personal_sign params', () => {
  it('takes hex bytes as they are and text as UTF-8', () => {
    expect(parsePersonalSign(['0x48656c6c6f', ACCOUNT])).toEqual({ message: '0x48656c6c6f', address: ACCOUNT });
    expect(parsePersonalSign(['Hello', ACCOUNT]).message).toBe('0x48656c6c6f');
    expect(errorOf(() => parsePersonalSign(['0x00', 'me'])).message).toMatch(/^address must be/);
  });

  it('personal_ecRecover takes the message as personal_sign does, and a 65-byte signature', () => {
    const signature = `0x${'11'.repeat(65)}`;
    expect(parseEcRecover(['Hello', signature])).toEqual({ message: '0x48656c6c6f', signature });
    expect(errorOf(() => parseEcRecover(['0x00', '0x1234'])).message).toBe('signature must be 65 bytes (r, s, v), got 2');
    expect(errorOf(() => parseEcRecover(['0x00', 'sig'])).message).toMatch(/^signature must be hex bytes/);
    expect(errorOf(() => parseEcRecover(['0x00'])).code).toBe(-32602);
  });

  it('shows text only when the bytes are readable', () => {
    expect(messageText('0x48656c6c6f')).toBe('Hello');
    expect(messageText('0x0001ff')).toBeNull();
  });
});

describe('EIP-4361 domain check', () => {
  const siwe = (domain: string) => `${domain} wants you to sign in with your Ethereum account:\n${ACCOUNT}\n\nURI: https://${domain}`;
  it('accepts the requesting site’s own domain (with port)', () => {
    expect(siweDomainWarning(siwe('app.example'), 'https://app.example')).toBeUndefined();
    expect(siweDomainWarning(siwe('127.0.0.1:4173'), 'http://127.0.0.1:4173')).toBeUndefined();
  });
  it('warns for another domain or scheme, and ignores non-SIWE text', () => {
    expect(siweDomainWarning(siwe('evil.example'), 'https://app.example')).toMatch(/for evil\.example, but it comes from https:\/\/app\.example/);
    expect(siweDomainWarning(`http://${siwe('app.example')}`, 'https://app.example')).toBeDefined();
    expect(siweDomainWarning('just text', 'https://app.example')).toBeUndefined();
  });
  it('is not skipped by whitespace or invisible characters before the header (issue 11, L1)', () => {
    for (const prefix of ['\n', '\r\n\n', '  \t', '\ufeff', '\u200b\n']) {
      expect(siweDomainWarning(`${prefix}${siwe('evil.example')}`, 'https://app.example')).toMatch(/for evil\.example, but it comes from https:\/\/app\.example/);
    }
  });
});
