/** upgradeFirst: each step sent and confirmed by the code the chain then holds, and none whose work the chain holds already on Grant. */
import { describe, expect, it } from 'vitest';
import { DELEGATOR_V08, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import { CREATE2_DEPLOYER, DEPLOYER_CODE } from './deleGator';
import { upgradeFirst } from './upgradeSteps';
import type { GrantPermissionsDetails } from '../../shared/grants';
import { ACCOUNT, OTHER_DELEGATE, RUNTIME_31337, deployed, node } from './upgrade.fixture';

describe('upgradeFirst', () => {
  const details = { account: ACCOUNT, chainId: '0x7a69', upgrade: { batchId: 'up', deploy: { batchId: 'deploy' } } } as unknown as GrantPermissionsDetails;
  const landed = (kind?: BatchRecord['kind'], status: Hex = '0x1') => ({ from: ACCOUNT, kind, transactions: [{ receipt: { status } }] }) as unknown as BatchRecord;
  /** Runs the steps against a chain that ends up holding `codes`; returns the batches settled, in order. */
  const run = async (batches: Record<string, BatchRecord>, codes: Record<string, string>) => {
    const settled: string[] = [];
    await upgradeFirst(details, { node: node(codes), settle: async (id) => settled.push(id), batch: async (id) => batches[id], discard: async () => undefined });
    return settled;
  };

  it('deploys, then upgrades, each confirmed by the code the chain then holds', async () => {
    expect(await run({ deploy: landed(), up: landed('upgradeAccount') }, { ...deployed, [ACCOUNT]: delegationCode(DELEGATOR_V08) })).toEqual(['deploy', 'up']);
  });

  it('refuses (5750) an upgrade that reverted, or whose receipt the chain’s code belies', async () => {
    await expect(run({ deploy: landed(), up: landed('upgradeAccount', '0x0') }, { ...deployed, [ACCOUNT]: delegationCode(DELEGATOR_V08) })).rejects.toMatchObject({ code: 5750 });
    await expect(run({ deploy: landed(), up: landed('upgradeAccount') }, deployed)).rejects.toMatchObject({ code: 5750, message: expect.stringMatching(/does not hold/) });
  });

  it('reads what each step is for from the window, not from its stored record (Firefox content scripts write storage.local): a record made to look like a landed deployment, or another account’s upgrade, leaves a plain account refused (5750)', async () => {
    const asDeployment = { from: ACCOUNT, state: 'sent', transactions: [{ receipt: { status: '0x1' } }] } as unknown as BatchRecord;
    await expect(run({ deploy: landed(), up: asDeployment }, deployed)).rejects.toMatchObject({ code: 5750 });
    const ofAnother = { ...landed('upgradeAccount'), from: OTHER_DELEGATE, state: 'sent' } as BatchRecord;
    await expect(run({ deploy: landed(), up: ofAnother }, { ...deployed, [OTHER_DELEGATE]: delegationCode(DELEGATOR_V08) })).rejects.toMatchObject({ code: 5750 });
    // Still planned, made to look like a deployment the chain holds already: it was dropped unsent.
    const settled = await run({ deploy: landed(), up: { ...asDeployment, state: 'awaiting-approval', transactions: [] } as unknown as BatchRecord }, deployed).catch(() => 'refused');
    expect(settled).toBe('refused');
  });

  it('refuses a deployment that left other code at DELEGATOR_V08, before any upgrade is sent', async () => {
    const settled: string[] = [];
    const running = upgradeFirst(details, { node: node({ [DELEGATOR_V08.toLowerCase()]: '0x6080' }), settle: async (id) => settled.push(id), batch: async (id) => (id === 'deploy' ? landed() : landed('upgradeAccount')), discard: async () => undefined });
    await expect(running).rejects.toMatchObject({ code: 5750 });
    expect(settled).toEqual(['deploy']);
  });
});

describe('upgradeFirst against the chain as it is on Grant', () => {
  const twoSteps = (prefix: string, replaces: Hex | null = null) =>
    ({ account: ACCOUNT, chainId: '0x7a69', upgrade: { batchId: `${prefix}up`, replaces: replaces && { address: replaces }, deploy: { batchId: `${prefix}deploy` } } }) as unknown as GrantPermissionsDetails;
  /** A chain whose code `settle` changes as each step lands; batches planned (awaiting approval) until settled. */
  const chain = (codes: Record<string, string>) => {
    const settled: string[] = [];
    const discarded: string[] = [];
    const kindOf = (id: string) => (id.endsWith('up') ? 'upgradeAccount' : undefined);
    const runner = {
      node: node(codes),
      async settle(id: string) {
        settled.push(id);
        await new Promise((done) => setTimeout(done, 5));
        if (kindOf(id)) codes[ACCOUNT] = delegationCode(DELEGATOR_V08);
        else codes[DELEGATOR_V08.toLowerCase()] = RUNTIME_31337;
      },
      batch: async (id: string) => ({
        from: ACCOUNT, kind: kindOf(id), state: settled.includes(id) ? 'sent' : 'awaiting-approval', transactions: settled.includes(id) ? [{ receipt: { status: '0x1' } }] : [],
      }) as unknown as BatchRecord,
      discard: async (id: string) => void discarded.push(id),
    };
    return { runner, settled, discarded };
  };

  it('sends no step whose work the chain holds already (another grant’s upgrade landed since this window opened), and drops its batch', async () => {
    const { runner, settled, discarded } = chain({ ...deployed, [ACCOUNT]: delegationCode(DELEGATOR_V08) });
    await upgradeFirst(twoSteps('a-'), runner);
    expect(settled).toEqual([]);
    expect(discarded).toEqual(['a-deploy', 'a-up']);
  });

  it('two grants approved one after the other while the first still runs: the second waits for it, then sends nothing (no second deployment that would revert)', async () => {
    const { runner, settled, discarded } = chain({ [CREATE2_DEPLOYER]: DEPLOYER_CODE });
    await Promise.all([upgradeFirst(twoSteps('a-'), runner), upgradeFirst(twoSteps('b-'), runner)]);
    expect(settled).toEqual(['a-deploy', 'a-up']);
    expect(discarded).toEqual(['b-deploy', 'b-up']);
  });

  it('refuses (5750), sending nothing, when the account delegates now to another contract than the one the window said it replaces', async () => {
    const { runner, settled } = chain({ ...deployed, [ACCOUNT]: delegationCode(OTHER_DELEGATE) });
    await expect(upgradeFirst(twoSteps('a-', SIMPLE_7702_ACCOUNT), runner)).rejects.toMatchObject({ code: 5750, message: expect.stringMatching(/changed since/) });
    await expect(upgradeFirst(twoSteps('b-', null), runner)).rejects.toMatchObject({ code: 5750 });
    expect(settled).toEqual([]);
  });

  it('an account moved since the window to one of the wallet’s own delegates (an atomic batch’s Simple7702Account) is still upgraded', async () => {
    const { runner, settled } = chain({ ...deployed, [ACCOUNT]: delegationCode(SIMPLE_7702_ACCOUNT) });
    await upgradeFirst(twoSteps('a-', null), runner);
    expect(settled).toEqual(['a-up']);
  });

  it('sends no deployment where other code appeared at DELEGATOR_V08 since the window (it would revert, its fee lost): 5710, nothing sent', async () => {
    const { runner, settled, discarded } = chain({ [CREATE2_DEPLOYER]: DEPLOYER_CODE, [DELEGATOR_V08.toLowerCase()]: '0x6080' });
    await expect(upgradeFirst(twoSteps('a-'), runner)).rejects.toMatchObject({ code: 5710 });
    expect(settled).toEqual([]);
    expect(discarded).toEqual(['a-deploy', 'a-up']);
  });

  it('a step that fails leaves none of the later steps planned (no approval would release them)', async () => {
    const { runner, settled, discarded } = chain({ [CREATE2_DEPLOYER]: DEPLOYER_CODE, [ACCOUNT]: delegationCode(OTHER_DELEGATE) });
    await expect(upgradeFirst(twoSteps('a-'), runner)).rejects.toMatchObject({ code: 5750 });
    expect(settled).toEqual(['a-deploy']);
    expect(discarded).toEqual(['a-up']);
  });
});
