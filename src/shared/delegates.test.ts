import { describe, expect, it } from 'vitest';
import { DELEGATOR_V08, LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT, delegationCode } from './contracts';
import { DELEGATES, delegateName, upgradeAddressFor, walletDelegateOf } from './delegates';

describe('the wallet’s delegates', () => {
  it('tells which of its two delegates an account’s code points at, in any case', () => {
    expect(walletDelegateOf(delegationCode(SIMPLE_7702_ACCOUNT))).toBe('simple7702Account');
    expect(walletDelegateOf(delegationCode(DELEGATOR_V08).toUpperCase().replace('0X', '0x'))).toBe('deleGator');
  });

  it('is null for a plain account, a contract’s own code and a delegation to any other contract', () => {
    expect(walletDelegateOf('0x')).toBeNull();
    expect(walletDelegateOf('0x6080604052')).toBeNull();
    expect(walletDelegateOf(delegationCode('0x5FbDB2315678afecb367f032d93F642f64180aa3'))).toBeNull();
  });

  it('names each for the screens by its address, and no other contract', () => {
    expect(delegateName(SIMPLE_7702_ACCOUNT.toLowerCase())).toBe(DELEGATES.simple7702Account.name);
    expect(delegateName(DELEGATOR_V08)).toMatch(/EIP7702StatelessDeleGator/);
    expect(delegateName('0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBeUndefined();
  });

  it('takes the Ledger app’s Simple7702Account (the same code) as the wallet’s own for a Ledger account only: a planted one on a key account stays foreign', () => {
    expect(walletDelegateOf(delegationCode(LEDGER_7702_ACCOUNT), { ledger: true })).toBe('simple7702Account');
    expect(walletDelegateOf(delegationCode(LEDGER_7702_ACCOUNT))).toBeNull();
    expect(walletDelegateOf(delegationCode(LEDGER_7702_ACCOUNT), { ledger: false })).toBeNull();
    expect(walletDelegateOf(delegationCode(SIMPLE_7702_ACCOUNT), { ledger: true })).toBe('simple7702Account');
  });

  it('upgrades a Ledger account to the delegate its app signs for, a key account to the wallet’s', () => {
    expect(upgradeAddressFor({ ledger: true })).toBe(LEDGER_7702_ACCOUNT);
    expect(upgradeAddressFor({ ledger: false })).toBe(SIMPLE_7702_ACCOUNT);
  });
});
