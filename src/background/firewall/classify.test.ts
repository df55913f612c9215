import { describe, expect, it } from 'vitest';
import { DELEGATOR_V08, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import { classifyCode } from './classify';

const OTHER = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('classifyCode', () => {
  it('reads empty code as a plain account', () => {
    expect(classifyCode('0x')).toEqual({ kind: 'plain' });
  });

  it('reads a delegation to Simple7702Account, in any case, as the wallet’s own', () => {
    expect(classifyCode(delegationCode(SIMPLE_7702_ACCOUNT))).toEqual({ kind: 'ours', delegate: `0x${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}` });
    expect(classifyCode(delegationCode(SIMPLE_7702_ACCOUNT).toUpperCase().replace('0X', '0x')).kind).toBe('ours');
  });

  it('reads a delegation to the wallet’s DeleGator as the wallet’s own too', () => {
    expect(classifyCode(delegationCode(DELEGATOR_V08))).toEqual({ kind: 'ours', delegate: `0x${DELEGATOR_V08.slice(2).toLowerCase()}` });
  });

  it('reads a delegation to any other contract as foreign, naming the contract', () => {
    expect(classifyCode(delegationCode(OTHER))).toEqual({ kind: 'foreign', delegate: OTHER.toLowerCase() });
  });

  it('reads other code (a contract’s own, a truncated or overlong designator) as a contract, not a delegation', () => {
    expect(classifyCode('0x6080604052')).toEqual({ kind: 'contract' });
    expect(classifyCode(delegationCode(OTHER).slice(0, -2))).toEqual({ kind: 'contract' });
    expect(classifyCode(`${delegationCode(OTHER)}00`)).toEqual({ kind: 'contract' });
  });
});
