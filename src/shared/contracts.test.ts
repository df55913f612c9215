import { describe, expect, it } from 'vitest';
import { DELEGATOR_CONTRACTS } from '@metamask/delegation-deployments';
import { DELEGATION_MANAGERS, SIMPLE_7702_ACCOUNT, delegateOf, delegationCode } from './contracts';

describe('delegateOf', () => {
  it('reads the delegate from an EIP-7702 account’s code', () => {
    expect(delegateOf(delegationCode(SIMPLE_7702_ACCOUNT))?.toLowerCase()).toBe(SIMPLE_7702_ACCOUNT.toLowerCase());
  });

  it('is null for a plain account and for a contract’s own code', () => {
    expect(delegateOf('0x')).toBeNull();
    expect(delegateOf('0x6080604052')).toBeNull();
  });
});

describe('DELEGATION_MANAGERS', () => {
  it('is every DelegationManager the framework has deployed, on any chain', () => {
    const deployed = Object.values(DELEGATOR_CONTRACTS).flatMap((chains) => Object.values(chains).map((contracts) => contracts.DelegationManager.toLowerCase()));
    expect([...new Set(deployed)].sort()).toEqual(DELEGATION_MANAGERS.map((a) => a.toLowerCase()).sort());
  });
});
