import { describe, expect, it } from 'vitest';
import { SIMPLE_7702_ACCOUNT, delegateOf, delegationCode } from './contracts';

describe('delegateOf', () => {
  it('reads the delegate from an EIP-7702 account’s code', () => {
    expect(delegateOf(delegationCode(SIMPLE_7702_ACCOUNT))?.toLowerCase()).toBe(SIMPLE_7702_ACCOUNT.toLowerCase());
  });

  it('is null for a plain account and for a contract’s own code', () => {
    expect(delegateOf('0x')).toBeNull();
    expect(delegateOf('0x6080604052')).toBeNull();
  });
});
