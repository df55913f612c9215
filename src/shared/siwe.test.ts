import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { siweMessage, type SiweFields } from './siwe';

const ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const MINIMAL: SiweFields = { domain: 'app.example', uri: 'https://app.example', version: '1', chainId: '1', nonce: '12345678', issuedAt: '2026-11-23T16:00:00.000Z' };

/** viem's builder takes numbers and Dates where the message carries text. */
const viaViem = (fields: SiweFields) => createSiweMessage({
  ...fields,
  address: CHECKSUMMED,
  chainId: Number(fields.chainId),
  issuedAt: new Date(fields.issuedAt),
  expirationTime: fields.expirationTime ? new Date(fields.expirationTime) : undefined,
  notBefore: fields.notBefore ? new Date(fields.notBefore) : undefined,
});

describe('EIP-4361 message', () => {
  it('lays out the required fields as the ABNF does (two blank lines without a statement), the address checksummed', () => {
    expect(siweMessage(MINIMAL, ACCOUNT)).toBe([
      'app.example wants you to sign in with your Ethereum account:',
      CHECKSUMMED,
      '',
      '',
      'URI: https://app.example',
      'Version: 1',
      'Chain ID: 1',
      'Nonce: 12345678',
      'Issued At: 2026-11-23T16:00:00.000Z',
    ].join('\n'));
    expect(siweMessage(MINIMAL, ACCOUNT)).toBe(viaViem(MINIMAL));
  });

  it('matches viem’s createSiweMessage with every optional field, and parses back to the same fields', () => {
    const full: SiweFields = {
      ...MINIMAL,
      scheme: 'https',
      domain: 'app.example:8443',
      statement: 'I accept the Terms of Service: https://app.example/tos',
      chainId: '31337',
      expirationTime: '2026-11-24T16:00:00.000Z',
      notBefore: '2026-11-23T15:00:00.000Z',
      requestId: 'req-42',
      resources: ['ipfs://bafybeiemxf5abjwjbikoz4mc3a3dla6ual3jsgpdr4cjr3oz3evfyavhwq/', 'https://app.example/claim.json'],
    };
    const message = siweMessage(full, ACCOUNT);
    expect(message).toBe(viaViem(full));
    expect(message.startsWith('https://app.example:8443 wants you to sign in')).toBe(true);
    expect(parseSiweMessage(message)).toMatchObject({ address: CHECKSUMMED, chainId: 31337, nonce: '12345678', statement: full.statement, requestId: 'req-42', resources: full.resources });
  });
});
