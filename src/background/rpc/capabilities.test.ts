/** wallet_getCapabilities answers from what is known by its deadline: a node that hangs is never waited on. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DELEGATOR_V08, LEDGER_7702_ACCOUNT, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import type { DetectedFacts } from '../../shared/networkFacts';
import { BASE_CHAIN_ID, PRODUCTION_NETWORKS, type Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { Detection } from '../networks/detection';
import type { Networks } from '../networks/registry';
import type { ChainNode } from '../networks/rpcClient';
import { CAPABILITIES_DEADLINE_MS, capabilities } from './capabilities';

const ACCOUNT: Hex = '0x00000000000000000000000000000000000000a1';
const never = new Promise<never>(() => undefined);

function services(list: readonly Network[], { facts, node, ledger = false, refused = false }: { facts: Detection['facts']; node: ChainNode; ledger?: boolean; refused?: boolean }) {
  let known = [...list];
  return {
    accounts: { ledgerPath: async () => (ledger ? "44'/60'/0'/0/0" : undefined) },
    deviceSigning: { upgradeRefused: async () => refused },
    networks: { all: async () => known } as Pick<Networks, 'all'> as Networks,
    detection: { facts, detect: facts, stored: async () => undefined } satisfies Detection,
    nodeFor: async () => node,
    /** What detection found lands in the registry, as it does through storage. */
    learn: (chainId: Hex, change: Partial<Network>) => (known = known.map((n) => (n.chainId === chainId ? { ...n, ...change } : n))),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('wallet_getCapabilities', () => {
  it('answers by its deadline from the release\'s facts when every node hangs (offline): sponsorship on Base, atomic ready', async () => {
    const answer = capabilities(services(PRODUCTION_NETWORKS, { facts: () => never, node: () => never }), ACCOUNT, undefined);
    let answered = false;
    void answer.then(() => (answered = true));
    await vi.advanceTimersByTimeAsync(CAPABILITIES_DEADLINE_MS - 1);
    expect(answered).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const result = await answer;
    expect(Object.keys(result)).toEqual(PRODUCTION_NETWORKS.map((n) => n.chainId));
    expect(result[BASE_CHAIN_ID]).toEqual({ atomic: { status: 'ready' }, paymasterService: { supported: true }, alternateGasFees: { supported: false }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } });
  });

  it('answers from the facts detected in time: a node refusing EIP-7702 is unsupported, with no sponsorship', async () => {
    const base = PRODUCTION_NETWORKS.find((n) => n.chainId === BASE_CHAIN_ID)!;
    const fake = services([base], {
      facts: async () => (fake.learn(BASE_CHAIN_ID, { eip7702: false }), { at: 0, rpcUrls: base.rpcUrls, eip7702: false } satisfies DetectedFacts),
      node: async <T,>() => '0x' as T,
    });
    expect(await capabilities(fake, ACCOUNT, [BASE_CHAIN_ID])).toEqual({
      [BASE_CHAIN_ID]: { atomic: { status: 'unsupported' }, paymasterService: { supported: false }, alternateGasFees: { supported: false }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } },
    });
  });

  it('reads the account\'s code where the node answers: supported once it delegates to Simple7702Account', async () => {
    const delegated = `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`;
    const fake = services(PRODUCTION_NETWORKS, { facts: async () => undefined, node: async <T,>() => delegated as T });
    expect((await capabilities(fake, ACCOUNT, [BASE_CHAIN_ID]))[BASE_CHAIN_ID].atomic).toEqual({ status: 'supported' });
  });

  it('says supported for an account delegated to the DeleGator too (its ERC-7821 execute runs the batch); unsupported for other code', async () => {
    for (const [code, status] of [[delegationCode(DELEGATOR_V08), 'supported'], [delegationCode('0x5FbDB2315678afecb367f032d93F642f64180aa3'), 'unsupported']] as const) {
      const fake = services(PRODUCTION_NETWORKS, { facts: async () => undefined, node: async <T,>() => code as T });
      expect((await capabilities(fake, ACCOUNT, [BASE_CHAIN_ID]))[BASE_CHAIN_ID].atomic).toEqual({ status });
    }
  });

  it('answers each network as its node does, whatever another network\'s detection does (one hanging holds up none)', async () => {
    const delegated = `0xef0100${SIMPLE_7702_ACCOUNT.slice(2).toLowerCase()}`;
    const fake = services(PRODUCTION_NETWORKS, {
      facts: async (network) => (network.chainId === BASE_CHAIN_ID ? undefined : never),
      node: async <T,>() => delegated as T,
    });
    const answer = capabilities(fake, ACCOUNT, undefined);
    await vi.advanceTimersByTimeAsync(CAPABILITIES_DEADLINE_MS);
    expect((await answer)[BASE_CHAIN_ID].atomic).toEqual({ status: 'supported' });
  });

  describe('alternateGasFees (a fee in USDC)', () => {
    const base = PRODUCTION_NETWORKS.find((n) => n.chainId === BASE_CHAIN_ID)!;
    const factsOf = (network: Network, change: Partial<DetectedFacts>): DetectedFacts => ({ at: 0, rpcUrls: network.rpcUrls, eip7702: true, contracts: true, ...change });
    const answer = async (network: Network, facts: DetectedFacts | undefined) =>
      (await capabilities(services([network], { facts: async () => facts, node: async <T,>() => '0x' as T }), ACCOUNT, [network.chainId]))[network.chainId].alternateGasFees;

    it('is supported where the release names a USDC paymaster and detection found its code, on a chain with EIP-7702', async () => {
      expect(await answer(base, factsOf(base, { usdcPaymaster: true }))).toEqual({ supported: true });
    });

    it('is not where the paymaster has no code, where its code is not known yet, or where the chain has no EIP-7702', async () => {
      expect(await answer(base, factsOf(base, { usdcPaymaster: false }))).toEqual({ supported: false });
      expect(await answer(base, undefined)).toEqual({ supported: false });
      expect(await answer({ ...base, eip7702: false }, factsOf(base, { usdcPaymaster: true }))).toEqual({ supported: false });
    });

    it('is not on a chain without a USDC paymaster, whatever its facts say, nor from facts of other endpoints', async () => {
      const { usdcPaymaster: _none, ...withoutPaymaster } = base;
      expect(await answer(withoutPaymaster, factsOf(base, { usdcPaymaster: true }))).toEqual({ supported: false });
      expect(await answer(base, { ...factsOf(base, { usdcPaymaster: true }), rpcUrls: ['https://other.example'] })).toEqual({ supported: false });
    });
  });

  describe('a Ledger account', () => {
    const ledgerAnswer = async (code: string, ledger = true, refused = false) =>
      (await capabilities(services(PRODUCTION_NETWORKS, { facts: async () => undefined, node: async <T,>() => code as T, ledger, refused }), ACCOUNT, [BASE_CHAIN_ID]))[BASE_CHAIN_ID];

    it('is unsupported while plain once its device refused the upgrade on the chain; supported once delegated all the same', async () => {
      expect((await ledgerAnswer('0x', true, true)).atomic).toEqual({ status: 'unsupported' });
      expect((await ledgerAnswer(delegationCode(LEDGER_7702_ACCOUNT), true, true)).atomic).toEqual({ status: 'supported' });
    });

    it('is supported once delegated to the Ledger app’s Simple7702Account, ready before (the device signs the upgrade)', async () => {
      expect((await ledgerAnswer(delegationCode(LEDGER_7702_ACCOUNT))).atomic).toEqual({ status: 'supported' });
      expect((await ledgerAnswer('0x')).atomic).toEqual({ status: 'ready' });
    });

    it('leaves a key account delegated to that address unsupported: the wallet never put it there', async () => {
      expect((await ledgerAnswer(delegationCode(LEDGER_7702_ACCOUNT), false)).atomic).toEqual({ status: 'unsupported' });
    });

    it('offers sponsorship where a key account has it (the device signs the userOp), no fee in USDC yet', async () => {
      const [ledger, key] = [await ledgerAnswer('0x'), await ledgerAnswer('0x', false)];
      expect(key.paymasterService).toEqual({ supported: true });
      expect(ledger.paymasterService).toEqual(key.paymasterService);
      expect(ledger.alternateGasFees).toEqual({ supported: false });
    });
  });
});
