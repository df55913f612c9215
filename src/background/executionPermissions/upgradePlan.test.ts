/** The upgrade steps planned for a first grant (the DeleGator's deployment first where the chain lacks it), and the plans refused. */
import { describe, expect, it } from 'vitest';
import { DELEGATOR_V08, SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import { CREATE2_DEPLOYER, DELEGATOR_SALT } from './deleGator';
import { plannedUpgrade } from './upgrade';
import { inEnglish } from '../../shared/dangers.fixture';
import { ACCOUNT, OTHER_DELEGATE, node } from './upgrade.fixture';

const NETWORK = { chainId: '0x7a69', name: 'Local devnet', eip7702: true, builtIn: false, nativeCurrency: { symbol: 'ETH', decimals: 18 } } as unknown as Network;

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
