/** The first grant's upgrade: what an account needs (plain, Simple7702Account, DeleGator, a chain without the DeleGator), the steps planned, and the DeleGator's code check. */
import { readFileSync } from 'node:fs';
import { getCreate2Address, keccak256, toBeHex } from 'ethers';
import { describe, expect, it } from 'vitest';
import { DELEGATOR_V08, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import { CREATE2_DEPLOYER, DELEGATOR_SALT, DEPLOYER_CODE, deleGatorDomainSeparator, delegatorInitcode, isDeleGatorCode } from './deleGator';
import { plannedUpgrade, upgradeNeed } from './upgrade';
import { upgradeFirst } from './upgradeSteps';
import type { GrantPermissionsDetails } from '../../shared/grants';
import { inEnglish } from '../../shared/dangers.fixture';

const ACCOUNT: Hex = '0x00000000000000000000000000000000000000aa';
const OTHER_DELEGATE: Hex = '0x00000000000000000000000000000000000000bb';
/** The runtime code the devnet's deployment (devnet/delegationFramework.ts) left at DELEGATOR_V08 on chain 31337. */
const RUNTIME_31337 = readFileSync(new URL('./deleGatorRuntime.fixture.hex', import.meta.url), 'utf8').trim() as Hex;
const NETWORK = { chainId: '0x7a69', name: 'Local devnet', eip7702: true, builtIn: false, nativeCurrency: { symbol: 'ETH', decimals: 18 } } as unknown as Network;

/** A node holding `codes` (address → code), pricing gas at 1 gwei base fee and 2 wei tips. */
function node(codes: Record<string, string>) {
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    switch (method) {
      case 'eth_getCode': return (codes[(params[0] as string).toLowerCase()] ?? '0x') as T;
      case 'eth_feeHistory': throw new Error('not served');
      case 'eth_getBlockByNumber': return { baseFeePerGas: '0x3b9aca00' } as T;
      case 'eth_maxPriorityFeePerGas': return '0x2' as T;
      case 'eth_estimateGas': return '0x2625a0' as T;
    }
    throw new Error(`unexpected ${method}`);
  };
}
const deployed = { [DELEGATOR_V08.toLowerCase()]: RUNTIME_31337, [CREATE2_DEPLOYER]: DEPLOYER_CODE };

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

describe('plannedUpgrade', () => {
  const plan = async (deploy: boolean, replaces: Hex | null) => {
    const stored: BatchRecord[] = [];
    const upgrade = await plannedUpgrade({ replaces, deploy }, { node: node({}), network: NETWORK, account: ACCOUNT }, { origin: 'https://dapp.example', batches: { add: async (b) => stored.push(b) > 0, remove: async () => undefined } });
    return { upgrade, stored };
  };

  it('plans the account’s own upgrade transaction to the DeleGator, with its fee, and names the delegate it replaces', async () => {
    const { upgrade, stored } = await plan(false, SIMPLE_7702_ACCOUNT);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ id: upgrade.batchId, origin: 'https://dapp.example', from: ACCOUNT, kind: 'upgradeAccount', executor: 'upgradeAccount', delegateTo: DELEGATOR_V08, state: 'awaiting-approval' });
    expect(upgrade).toMatchObject({ replaces: { address: SIMPLE_7702_ACCOUNT, name: 'Simple7702Account (ERC-4337 v0.8)' }, delegate: { address: DELEGATOR_V08 } });
    // Its gas limit at the market tier's max fee (2 × 1 gwei base fee + 2 wei tip).
    expect(upgrade.maxFee).toBe((BigInt(upgrade.gasLimit) * 2_000_000_002n).toString());
    expect(upgrade.deploy).toBeUndefined();
  });

  it('replacing a delegate the wallet did not set asks for a second yes: what it kept or guarded for the account is left behind', async () => {
    const { upgrade } = await plan(false, OTHER_DELEGATE);
    expect(upgrade.dangers).toEqual([expect.objectContaining({ kind: 'replacesDelegate', tone: 'danger', confirm: true, message: expect.stringContaining(OTHER_DELEGATE) })]);
    expect(inEnglish(upgrade.dangers[0])).toBe(upgrade.dangers[0].message);
    expect((await plan(false, SIMPLE_7702_ACCOUNT)).upgrade.dangers).toEqual([]);
    expect((await plan(false, null)).upgrade.dangers).toEqual([]);
  });

  it('on a chain without the DeleGator, plans its deployment through the deterministic deployer first', async () => {
    const { upgrade, stored } = await plan(true, null);
    expect(upgrade.replaces).toBeNull();
    expect(stored.map((b) => b.id)).toEqual([upgrade.deploy!.batchId, upgrade.batchId]);
    expect(stored[0]).toMatchObject({ from: ACCOUNT, executor: 'sequential', calls: [{ to: CREATE2_DEPLOYER, value: '0x0' }], gasLimits: ['0x2dc6c0'] }); // The node's 2,500,000 with the wallet's 20 % headroom.
    expect(stored[0].calls[0].data!.slice(0, 66)).toBe(DELEGATOR_SALT);
    expect(upgrade.deploy!.maxFee).toBe((3_000_000n * 2_000_000_002n).toString());
  });
});

describe('plannedUpgrade refusals', () => {
  it('refuses (5750), storing nothing, a deployment the node says would revert', async () => {
    const stored: BatchRecord[] = [];
    const reverting = async <T>(method: string, params: unknown[] = []): Promise<T> => (method === 'eth_estimateGas' ? Promise.reject(new Error('execution reverted')) : node({})<T>(method, params));
    await expect(plannedUpgrade({ replaces: null, deploy: true }, { node: reverting, network: NETWORK, account: ACCOUNT }, { origin: 'https://dapp.example', batches: { add: async (b) => stored.push(b) > 0, remove: async () => undefined } }))
      .rejects.toMatchObject({ code: 5750, message: expect.stringMatching(/would revert/) });
    expect(stored).toEqual([]);
  });

  /** Plans a deployment and an upgrade into a store that adds as `add` says; returns what it keeps. */
  const planInto = async (add: (b: BatchRecord, kept: Map<string, BatchRecord>) => boolean) => {
    const kept = new Map<string, BatchRecord>();
    const batches = { add: async (b: BatchRecord) => add(b, kept) && Boolean(kept.set(b.id, b)), remove: async (_origin: string, id: string) => void kept.delete(id) };
    const planning = plannedUpgrade({ replaces: null, deploy: true }, { node: node({}), network: NETWORK, account: ACCOUNT }, { origin: 'https://dapp.example', batches });
    return { planning, kept };
  };

  it('leaves no planned batch behind when a later one is refused (the site’s batches in flight are at their limit)', async () => {
    const { planning, kept } = await planInto((_b, k) => {
      if (k.size > 0) throw Object.assign(new Error('too many in flight'), { code: -32005 });
      return true;
    });
    await expect(planning).rejects.toThrow(/too many in flight/);
    expect([...kept.keys()]).toEqual([]);
  });

  it('refuses a plan whose batch the store did not add (its id taken): the window would name another batch than the one Grant sends', async () => {
    const { planning, kept } = await planInto((b) => b.executor !== 'upgradeAccount');
    await expect(planning).rejects.toMatchObject({ message: expect.stringMatching(/not stored/) });
    expect([...kept.keys()]).toEqual([]);
  });
});

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
