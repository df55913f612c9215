/** What an account needs before its first grant: plain, on Simple7702Account or another delegate, on the DeleGator, on a chain without the DeleGator. */
import { describe, expect, it } from 'vitest';
import { DELEGATOR_V08, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import { CREATE2_DEPLOYER, DEPLOYER_CODE } from './deleGator';
import { upgradeNeed } from './upgrade';
import { ACCOUNT, OTHER_DELEGATE, deployed, node } from './upgrade.fixture';

describe('upgradeNeed', () => {
  it('a plain account is upgraded to the DeleGator, replacing nothing', async () => {
    expect(await upgradeNeed(node(deployed), ACCOUNT, 31337n)).toEqual({ replaces: null, deploy: false });
  });

  it('an account on Simple7702Account, or on another delegate, names the delegate it leaves', async () => {
    expect(await upgradeNeed(node({ ...deployed, [ACCOUNT]: delegationCode(SIMPLE_7702_ACCOUNT) }), ACCOUNT, 31337n)).toEqual({ replaces: SIMPLE_7702_ACCOUNT.toLowerCase(), deploy: false });
    expect(await upgradeNeed(node({ ...deployed, [ACCOUNT]: delegationCode(OTHER_DELEGATE) }), ACCOUNT, 31337n)).toEqual({ replaces: OTHER_DELEGATE, deploy: false });
  });

  it('an account on the DeleGator needs no upgrade', async () => {
    expect(await upgradeNeed(node({ ...deployed, [ACCOUNT]: delegationCode(DELEGATOR_V08) }), ACCOUNT, 31337n)).toBeUndefined();
  });

  it('on a chain without the DeleGator, it is deployed first', async () => {
    expect(await upgradeNeed(node({ [CREATE2_DEPLOYER]: DEPLOYER_CODE }), ACCOUNT, 31337n)).toEqual({ replaces: null, deploy: true });
  });

  it('refuses a chain whose DELEGATOR_V08 holds other code, or that has no deterministic deployer to deploy it', async () => {
    await expect(upgradeNeed(node({ [DELEGATOR_V08.toLowerCase()]: '0x6080', [CREATE2_DEPLOYER]: DEPLOYER_CODE }), ACCOUNT, 31337n)).rejects.toMatchObject({ code: 5710 });
    await expect(upgradeNeed(node({}), ACCOUNT, 31337n)).rejects.toMatchObject({ code: 5710 });
  });

  it('refuses (5710) to deploy through other code at the deterministic deployer’s address: the deployment would be a call into a contract the wallet does not know', async () => {
    await expect(upgradeNeed(node({ [CREATE2_DEPLOYER]: '0x6080' }), ACCOUNT, 31337n)).rejects.toMatchObject({ code: 5710, message: expect.stringMatching(/deterministic deployer/) });
  });
});
