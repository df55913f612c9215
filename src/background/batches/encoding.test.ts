import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { errorOf } from '../../shared/schemas/errorOf';
import { DELEGATE_CODE } from './delegates';
import { DELEGATION_MANAGERS } from '../../shared/contracts';
import { assertNoGrantReEnabled, assertNoSelfCalls, signedData, withSuffix } from './encoding';

const encodeExecuteBatch = DELEGATE_CODE.simple7702Account.encodeBatch;

const ME = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const ATTACKER = '0x000000000000000000000000000000000000dEaD';
const drain = new Interface(['function transfer(address,uint256)']).encodeFunctionData('transfer', [ATTACKER, 10n ** 24n]);

describe('calls into the sending account itself', () => {
  it('are refused when they carry data (an executeBatch hiding a transfer), naming the call', async () => {
    const hidden = await encodeExecuteBatch([{ to: '0x10078beE6813c04572224b652228177C0f7BF2CF', value: '0x0', data: drain as `0x${string}` }]);
    const error = errorOf(() => assertNoSelfCalls(ME, [{ to: ATTACKER, value: '0x0', data: '0x' }, { to: ME.toLowerCase() as `0x${string}`, value: '0x0', data: hidden }], (i) => `calls[${i}].to`));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/^calls\[1\]\.to is the sending account itself with data/);
  });

  it('are refused when all they carry is an attribution: the account\'s code runs the bytes as signed', () => {
    const error = errorOf(() => assertNoSelfCalls(ME, [{ to: ME, value: '0x0', data: '0x', suffix: '0xdd8021' }], (i) => `calls[${i}].to`));
    expect(error.message).toMatch(/^calls\[0\]\.to is the sending account itself with data/);
  });

  it('allow a plain value transfer to oneself, and calls elsewhere', () => {
    expect(() => assertNoSelfCalls(ME, [{ to: ME, value: '0x1', data: '0x' }, { to: ATTACKER, value: '0x0', data: drain as `0x${string}` }], String)).not.toThrow();
  });
});

describe('a DelegationManager\'s enableDelegation', () => {
  const MANAGER = new Interface(['function enableDelegation((address delegate, address delegator, bytes32 authority, (address enforcer, bytes terms, bytes args)[] caveats, uint256 salt, bytes signature) delegation)', 'function disableDelegation((address delegate, address delegator, bytes32 authority, (address enforcer, bytes terms, bytes args)[] caveats, uint256 salt, bytes signature) delegation)']);
  // The grant the user revoked, as its site holds it (its permission context): signed, so only disabled.
  const revoked = [ATTACKER, ME, `0x${'f'.repeat(64)}`, [], 1n, '0x1234'];
  const call = (fn: 'enableDelegation' | 'disableDelegation', to: string) => ({ to: to as `0x${string}`, value: '0x0' as const, data: MANAGER.encodeFunctionData(fn, [revoked]) as `0x${string}` });

  it('is refused from a site, for every DelegationManager: it would put back in force a permission the user revoked', () => {
    for (const manager of DELEGATION_MANAGERS) {
      const error = errorOf(() => assertNoGrantReEnabled([{ to: ATTACKER, value: '0x0', data: '0x' }, call('enableDelegation', manager.toLowerCase())], (i) => `calls[${i}].to`));
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/^calls\[1\]\.to re-enables a permission/);
    }
  });

  it('leaves a revoke (disableDelegation), and the same call to another contract, to the approval', () => {
    expect(() => assertNoGrantReEnabled([call('disableDelegation', DELEGATION_MANAGERS[2]), call('enableDelegation', ATTACKER)], String)).not.toThrow();
  });
});

describe('withSuffix', () => {
  it('appends the ERC-8021 attribution to calldata, and nothing when there is none', () => {
    expect(withSuffix('0xa9059cbb', '0xdd8021')).toBe('0xa9059cbbdd8021');
    expect(withSuffix('0x', undefined)).toBe('0x');
  });
});

describe('signedData', () => {
  it('is a call\'s data followed by the attribution it carries: what its transaction and an executeBatch sign', async () => {
    const call = { to: ATTACKER, value: '0x0', data: '0xa9059cbb', suffix: '0xdd8021' } as const;
    expect(signedData(call)).toBe('0xa9059cbbdd8021');
    expect(signedData({ data: '0x' })).toBe('0x');
    const [[inner]] = new Interface(['function executeBatch((address,uint256,bytes)[])']).decodeFunctionData('executeBatch', await encodeExecuteBatch([call]));
    expect(inner[2]).toBe('0xa9059cbbdd8021');
  });
});
