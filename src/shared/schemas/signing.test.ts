import { describe, expect, it } from 'vitest';
import { errorOf } from './errorOf';
import { messageText, parseEcRecover, parsePersonalSign } from './signing';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
describe('personal_sign params', () => {
  it('takes hex bytes as they are and text as UTF-8', () => {
    expect(parsePersonalSign(['0x48656c6c6f', ACCOUNT])).toEqual({ message: '0x48656c6c6f', address: ACCOUNT });
    expect(parsePersonalSign(['Hello', ACCOUNT]).message).toBe('0x48656c6c6f');
    expect(errorOf(() => parsePersonalSign(['0x00', 'me'])).message).toMatch(/^address must be/);
  });

  it('refuses text with a lone surrogate, which has no UTF-8 bytes to sign (-32602), and signs a pair as its character', () => {
    const refused = errorOf(() => parsePersonalSign(['Hi \ud83d', ACCOUNT]));
    expect([refused.code, refused.message]).toEqual([-32602, 'message has a lone surrogate (half of a UTF-16 pair): no UTF-8 holds it, so it has no bytes to sign']);
    expect(parsePersonalSign(['\ud83d\ude00', ACCOUNT]).message).toBe('0xf09f9880');
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
