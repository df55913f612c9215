import { describe, expect, it } from 'vitest';
import { checkRecipient } from './recipient';

const CHECKSUMMED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('checkRecipient', () => {
  it('accepts a checksummed address and one without a checksum, answering the checksummed form', () => {
    expect(checkRecipient(CHECKSUMMED)).toEqual({ ok: true, address: CHECKSUMMED });
    expect(checkRecipient(CHECKSUMMED.toLowerCase())).toEqual({ ok: true, address: CHECKSUMMED });
  });

  it('refuses a wrong checksum', () => {
    const typo = CHECKSUMMED.replace('f39Fd6', 'f39fD6');
    expect(checkRecipient(typo)).toEqual({ ok: false, error: expect.stringContaining('wrong checksum') });
  });

  it('refuses what is not a 20-byte address', () => {
    expect(checkRecipient('0x1234').ok).toBe(false);
    expect(checkRecipient('vitalik.eth').ok).toBe(false);
  });
});
