import { describe, expect, it } from 'vitest';
import { errorOf } from './errorOf';
import { assertTypedDataChain, messageText, parsePersonalSign, parseSignTypedData, siweDomainWarning } from './signing';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const mail = {
  types: {
    EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }],
    Mail: [{ name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Mail', chainId: 31337 },
  message: { contents: 'hi' },
};


describe('personal_sign params', () => {
  it('takes hex bytes as they are and text as UTF-8', () => {
    expect(parsePersonalSign(['0x48656c6c6f', ACCOUNT])).toEqual({ message: '0x48656c6c6f', address: ACCOUNT });
    expect(parsePersonalSign(['Hello', ACCOUNT]).message).toBe('0x48656c6c6f');
    expect(errorOf(() => parsePersonalSign(['0x00', 'me'])).message).toMatch(/^address must be/);
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
});

describe('eth_signTypedData_v4 params', () => {
  it('parses the JSON string or the object, and drops EIP712Domain from the types to sign', () => {
    const parsed = parseSignTypedData([ACCOUNT, JSON.stringify(mail)]);
    expect(parsed.types).toEqual({ Mail: mail.types.Mail });
    expect(parseSignTypedData([ACCOUNT, mail]).primaryType).toBe('Mail');
  });

  it.each([
    ['not json{', /not valid JSON/],
    [{ ...mail, primaryType: 'Letter' }, /primaryType must name one of the types/],
    [{ ...mail, message: 'hi' }, /message must be an object/],
    [{ ...mail, message: { contents: { nested: true } } }, /does not encode/],
    [{ ...mail, types: { ...mail.types, Mail: [{ name: 'contents', type: 'strin' }] } }, /does not encode/],
  ])('-32602 for %j', (data, message) => {
    const error = errorOf(() => parseSignTypedData([ACCOUNT, data]));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(message);
  });

  it('requires domain.chainId, when given, to be the selected network', () => {
    expect(() => assertTypedDataChain({ chainId: 31337 }, '0x7a69')).not.toThrow();
    expect(() => assertTypedDataChain({ chainId: '0x7a69' }, '0x7a69')).not.toThrow();
    expect(() => assertTypedDataChain({}, '0x7a69')).not.toThrow();
    expect(errorOf(() => assertTypedDataChain({ chainId: 1 }, '0x7a69')).message).toBe('typed data domain.chainId 1 does not match the selected network 31337 (0x7a69)');
  });
});
