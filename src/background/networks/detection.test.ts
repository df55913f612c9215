/** Detection against fake nodes: what each answer means, what is stored, and when the node is asked again. */
import { describe, expect, it } from 'vitest';
import { ErrorCode, RpcError } from '../../shared/errors';
import { BASE_CHAIN_ID, DEVNET_BUILD_NETWORKS, PRODUCTION_NETWORKS, type Network } from '../../shared/networks';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { FACTS_TTL_MS, NO_ANSWER_RETRY_MS, createDetection } from './detection';
import { NETWORKS_DEFAULTS, createNetworks } from './registry';
import type { ChainNode } from './rpcClient';

type Answers = Record<string, (params: unknown[]) => unknown>;

/** A node on Prague with the v0.8 contracts, both methods, blocks every 2 s; `changes` replace answers by method. */
function fakeNode(changes: Answers = {}): { node: ChainNode; asked: string[] } {
  const asked: string[] = [];
  const answers: Answers = {
    // The delegation runs: the probe's code answers the address it runs as, the call's `to`.
    eth_call: ([tx]) => `0x${'0'.repeat(24)}${(tx as { to: string }).to.slice(2).toLowerCase()}`,
    eth_getCode: () => '0x6080',
    eth_simulateV1: () => [],
    eth_sendRawTransactionSync: () => {
      throw new RpcError(-32602, 'Empty transaction data');
    },
    eth_getBlockByNumber: ([tag]) => (tag === 'latest' ? { number: '0x64', timestamp: '0x3e8' } : { number: '0x50', timestamp: '0x3c0' }),
    eth_supportedEntryPoints: () => ['0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'],
    ...changes,
  };
  const node: ChainNode = async <T,>(method: string, params: unknown[] = []) => {
    asked.push(method);
    return answers[method](params) as T;
  };
  return { node, asked };
}

const refuse = (error: RpcError) => () => {
  throw error;
};
const methodNotFound = (method: string) => refuse(new RpcError(-32601, `the method ${method} does not exist/is not available`));
const unreachable = refuse(new RpcError(ErrorCode.chainDisconnected, 'The node of Test is unreachable (no answer within 5 s)'));
const EVERY_METHOD = ['eth_call', 'eth_getCode', 'eth_simulateV1', 'eth_sendRawTransactionSync', 'eth_getBlockByNumber', 'eth_supportedEntryPoints'];

const NETWORK: Network = { ...PRODUCTION_NETWORKS.find((n) => n.chainId === BASE_CHAIN_ID)!, bundlerUrl: 'https://bundler.example' };

function setUp(node: ChainNode, start = 1_000_000) {
  const local = typedStorage(memoryBackend(), NETWORKS_DEFAULTS);
  const clock = { now: start };
  const detection = createDetection({ local, nodeOf: () => node, bundlerAt: () => node, now: () => clock.now, loadProbeSigning: () => import('./probeAuthorization') });
  return { local, clock, detection };
}

describe('detection', () => {
  it('finds what a Prague node with the v0.8 contracts serves, with the endpoints asked and when', async () => {
    const { detection } = setUp(fakeNode().node);
    expect(await detection.detect(NETWORK)).toEqual({
      at: 1_000_000, rpcUrls: NETWORK.rpcUrls, eip7702: true, contracts: true, simulateV1: true, syncSend: true, bundler: true, usdcPaymaster: true, blockTimeMs: 2000,
    });
  });

  it('a USDC paymaster the release names without code there: no USDC paymaster; a network that names none is not asked', async () => {
    const paymaster = NETWORK.usdcPaymaster!.paymaster.toLowerCase();
    const { node } = fakeNode({ eth_getCode: ([address]) => ((address as string).toLowerCase() === paymaster ? '0x' : '0x6080') });
    expect(await setUp(node).detection.detect(NETWORK)).toMatchObject({ contracts: true, usdcPaymaster: false });
    const { usdcPaymaster: _none, ...withoutPaymaster } = NETWORK;
    expect((await setUp(fakeNode().node).detection.detect(withoutPaymaster))?.usdcPaymaster).toBeUndefined();
  });

  it('a node before Prague that refuses the authorization, or ignores it: no EIP-7702', async () => {
    const refusing = fakeNode({ eth_call: refuse(new RpcError(-32003, 'Eip7702 is not supported')) });
    expect((await setUp(refusing.node).detection.detect(NETWORK))?.eip7702).toBe(false);
    const ignoring = fakeNode({ eth_call: () => '0x' });
    expect((await setUp(ignoring.node).detection.detect(NETWORK))?.eip7702).toBe(false);
  });

  it('a missing EntryPoint or Simple7702Account: no contracts', async () => {
    const { node } = fakeNode({ eth_getCode: ([address]) => ((address as string).startsWith('0x4337') ? '0x6080' : '0x') });
    expect((await setUp(node).detection.detect(NETWORK))?.contracts).toBe(false);
  });

  it('"method not found" for eth_simulateV1 and the sync send: neither; a bundler without v0.8: no bundler', async () => {
    const { node } = fakeNode({ eth_simulateV1: methodNotFound('eth_simulateV1'), eth_sendRawTransactionSync: methodNotFound('eth_sendRawTransactionSync'), eth_supportedEntryPoints: () => ['0x0000000071727De22E5E9d8BAf0edAc6f37da032'] });
    expect(await setUp(node).detection.detect(NETWORK)).toMatchObject({ simulateV1: false, syncSend: false, bundler: false });
  });

  it('a node that does not answer tells nothing: nothing is stored, uses within a minute do not ask, a later one does', async () => {
    const down = fakeNode(Object.fromEntries(EVERY_METHOD.map((m) => [m, unreachable])));
    const { detection, local, clock } = setUp(down.node);
    expect(await detection.facts(NETWORK)).toBeUndefined();
    expect(await local.get('networkFacts')).toEqual({});
    const firstRun = down.asked.length;
    // A site asking wallet_getCapabilities again and again does not make the wallet probe the node each time.
    for (let i = 0; i < 100; i++) await detection.facts(NETWORK);
    expect(down.asked.length).toBe(firstRun);
    clock.now += NO_ANSWER_RETRY_MS;
    await detection.facts(NETWORK);
    expect(down.asked.length).toBe(2 * firstRun);
    // The user's Detect again asks at once.
    await detection.detect(NETWORK);
    expect(down.asked.length).toBe(3 * firstRun);
  });

  it('what one run could not tell, an earlier run of the same endpoints keeps', async () => {
    let up = true;
    const { node } = fakeNode({ eth_simulateV1: () => (up ? [] : unreachable()) });
    const { detection } = setUp(node);
    await detection.detect(NETWORK);
    up = false;
    expect((await detection.detect(NETWORK))?.simulateV1).toBe(true);
  });

  it('is cached a day for the same endpoints; other endpoints, or a day later, are asked again', async () => {
    const { node, asked } = fakeNode();
    const { detection, clock } = setUp(node);
    await detection.facts(NETWORK);
    asked.length = 0;
    clock.now += FACTS_TTL_MS - 1;
    await detection.facts(NETWORK);
    expect(asked).toEqual([]);
    await detection.facts({ ...NETWORK, rpcUrls: ['https://other.example'] });
    expect(asked).toContain('eth_call');
    asked.length = 0;
    clock.now += 1;
    await detection.facts(NETWORK);
    expect(asked).toContain('eth_call');
  });

  it('asks once while a detection of the network runs', async () => {
    const { node, asked } = fakeNode();
    const { detection } = setUp(node);
    await Promise.all([detection.facts(NETWORK), detection.facts(NETWORK), detection.detect(NETWORK)]);
    expect(asked.filter((m) => m === 'eth_call')).toHaveLength(1);
  });
});

describe('the registry with detected facts', () => {
  const DEVNET = '0x7a69';
  const networksOver = (facts: object) => {
    const local = typedStorage(memoryBackend(), NETWORKS_DEFAULTS);
    return { local, networks: createNetworks(local, { builtIn: DEVNET_BUILD_NETWORKS, devnetBuild: true }), facts };
  };

  it('corrects the release\'s facts with what the node of the present endpoints answered', async () => {
    const { local, networks } = networksOver({});
    const rpcUrls = (await networks.find(DEVNET))!.rpcUrls;
    await local.set('networkFacts', { [DEVNET]: { at: 1, rpcUrls, eip7702: false, contracts: false, blockTimeMs: 12_000 } });
    expect(await networks.find(DEVNET)).toMatchObject({ eip7702: false, entryPointV08: false, fastBlocks: false });
    // Facts of endpoints the user has since replaced are not the network's.
    await networks.editBuiltIn(DEVNET, { rpcUrls: ['http://127.0.0.1:9545'], eip7702: true });
    expect(await networks.find(DEVNET)).toMatchObject({ eip7702: true, entryPointV08: true });
  });

  it('keeps EIP-7702 off where the user turned it off, and the sync send off where the node lacks it', async () => {
    const { local, networks } = networksOver({});
    await networks.editBuiltIn(DEVNET, { rpcUrls: ['http://127.0.0.1:9545'], eip7702: false });
    await local.set('networkFacts', { [DEVNET]: { at: 1, rpcUrls: ['http://127.0.0.1:9545'], eip7702: true, syncSend: false } });
    expect((await networks.find(DEVNET))?.eip7702).toBe(false);
    expect(await networks.sendsSync(DEVNET)).toBe(false);
  });

  it('gives a network the user added the contracts its node has (the release knows nothing of it)', async () => {
    const { local, networks } = networksOver({});
    const added: Network = { ...DEVNET_BUILD_NETWORKS[0], chainId: '0x7a6a', name: 'Added', rpcUrls: ['http://127.0.0.1:8546'], builtIn: false };
    await networks.add(added);
    expect((await networks.find('0x7a6a'))?.entryPointV08).toBe(false);
    await local.set('networkFacts', { '0x7a6a': { at: 1, rpcUrls: added.rpcUrls, eip7702: true, contracts: true } });
    expect((await networks.find('0x7a6a'))?.entryPointV08).toBe(true);
  });
});
