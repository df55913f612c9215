/** The code the upgrade checks: the deterministic deployer's, and the DeleGator's build on each chain. */
import { getCreate2Address, keccak256, toBeHex } from 'ethers';
import { describe, expect, it } from 'vitest';
import { DELEGATOR_V08 } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import { CREATE2_DEPLOYER, DELEGATOR_SALT, DEPLOYER_CODE, deleGatorDomainSeparator, delegatorInitcode, isDeleGatorCode } from './deleGator';
import { RUNTIME_31337 } from './upgrade.fixture';

describe('the deterministic deployer', () => {
  it('its code is the 69 bytes its keyless deployment leaves (code hash 0x2fa8…4989, as anvil predeploys it)', () => {
    expect((DEPLOYER_CODE.length - 2) / 2).toBe(69);
    expect(keccak256(DEPLOYER_CODE)).toBe('0x2fa86add0aed31f33a762c9d88e807c475bd51d0f52bd0955754b2608f7e4989');
  });
});

describe('the DeleGator build', () => {
  it('its creation code (the framework package’s) deploys to DELEGATOR_V08 through the deterministic deployer', () => {
    expect(getCreate2Address(CREATE2_DEPLOYER, DELEGATOR_SALT, keccak256(delegatorInitcode()))).toBe(DELEGATOR_V08);
  });

  it('the code deployed on the devnet is ours on its chain, and on no other', () => {
    expect(isDeleGatorCode(RUNTIME_31337, 31337n)).toBe(true);
    expect(isDeleGatorCode(RUNTIME_31337, 8453n)).toBe(false);
  });

  it('the same build deployed on another chain holds that chain’s id and domain separator, and only those differ', () => {
    const onBase = RUNTIME_31337.replace(toBeHex(31337n, 32).slice(2), toBeHex(8453n, 32).slice(2)).replace(deleGatorDomainSeparator(31337n).slice(2), deleGatorDomainSeparator(8453n).slice(2)) as Hex;
    expect(isDeleGatorCode(onBase, 8453n)).toBe(true);
  });

  it('refuses code that differs in one byte, and no code', () => {
    const changed = `${RUNTIME_31337.slice(0, 100)}${RUNTIME_31337.slice(100, 102) === 'ff' ? '00' : 'ff'}${RUNTIME_31337.slice(102)}` as Hex;
    expect(isDeleGatorCode(changed, 31337n)).toBe(false);
    expect(isDeleGatorCode('0x', 31337n)).toBe(false);
  });
});
