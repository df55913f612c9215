import { AbiCoder, toQuantity } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { LATEST_ROUND_DATA, createPrices } from './prices';

const FEED = { address: '0x5f4eC3Df9cbd43714FE2740f5E3616155c5b8419' as Hex, heartbeat: 3600 };
const abi = AbiCoder.defaultAbiCoder();
const NOW = 1_800_000_000;

interface Round {
  roundId?: bigint;
  answer?: bigint;
  updatedAt?: number;
  answeredInRound?: bigint;
}

/** A node at block `head.number` holding one feed; counts what it is asked. */
function chain(round: Round, { decimals = '8', head = { number: 100, timestamp: NOW } } = {}) {
  const calls: string[] = [];
  const state = { round, decimals, head };
  const node = (async (method: string, params: unknown[] = []) => {
    if (method === 'eth_getBlockByNumber') {
      calls.push('head');
      return { number: toQuantity(state.head.number), timestamp: toQuantity(state.head.timestamp) };
    }
    expect(method).toBe('eth_call');
    expect(params[1]).toBe(toQuantity(state.head.number));
    const { data } = params[0] as { data: string };
    calls.push(data === LATEST_ROUND_DATA ? 'round' : 'decimals');
    if (data !== LATEST_ROUND_DATA) return state.decimals.startsWith('0x') ? state.decimals : abi.encode(['uint256'], [BigInt(state.decimals)]);
    const { roundId = 7n, answer = 3000_00000000n, updatedAt = NOW - 60, answeredInRound = roundId } = state.round;
    return abi.encode(['uint80', 'int256', 'uint256', 'uint256', 'uint80'], [roundId, answer, updatedAt, updatedAt, answeredInRound]);
  }) as ChainNode;
  const shared = createPrices();
  const prices = { read: (chainId: Hex, feed: typeof FEED) => shared.read(node, chainId, feed) };
  return { prices, calls, state };
}

describe('reading a feed', () => {
  it('answers a fresh price with its decimals', async () => {
    const { prices } = chain({});
    expect(await prices.read('0x1', FEED)).toEqual({ ok: true, answer: 3000_00000000n, decimals: 8 });
  });

  it('refuses an answer older than the heartbeat and its margin, and one from the future', async () => {
    expect(await chain({ updatedAt: NOW - 3600 * 2 }).prices.read('0x1', FEED)).toEqual({ ok: false, reason: 'stale' });
    expect(await chain({ updatedAt: NOW - 3600 }).prices.read('0x1', FEED)).toMatchObject({ ok: true });
    expect(await chain({ updatedAt: 0 }).prices.read('0x1', FEED)).toEqual({ ok: false, reason: 'stale' });
    expect(await chain({ updatedAt: NOW + 3600 }).prices.read('0x1', FEED)).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses a zero or negative answer, and a round answered earlier', async () => {
    expect(await chain({ answer: 0n }).prices.read('0x1', FEED)).toEqual({ ok: false, reason: 'not-positive' });
    expect(await chain({ answer: -1n }).prices.read('0x1', FEED)).toEqual({ ok: false, reason: 'not-positive' });
    expect(await chain({ roundId: 9n, answeredInRound: 8n }).prices.read('0x1', FEED)).toEqual({ ok: false, reason: 'stale' });
  });

  it('refuses decimals above 36 and answers it cannot decode', async () => {
    expect(await chain({}, { decimals: '37' }).prices.read('0x1', FEED)).toEqual({ ok: false, reason: 'bad-decimals' });
    expect(await chain({}, { decimals: (2n ** 200n).toString() }).prices.read('0x1', FEED)).toEqual({ ok: false, reason: 'bad-decimals' });
    expect(await chain({}, { decimals: '0x' }).prices.read('0x1', FEED)).toEqual({ ok: false, reason: 'unreadable' });
  });

  it('reads a feed once per block, shared by concurrent asks, and again at the next block', async () => {
    const { prices, calls, state } = chain({});
    const [a, b] = await Promise.all([prices.read('0x1', FEED), prices.read('0x1', FEED)]);
    expect(a).toEqual(b);
    await prices.read('0x1', FEED);
    expect(calls.filter((c) => c === 'round')).toHaveLength(1);
    state.head = { number: 101, timestamp: NOW + 2 };
    state.round = { answer: 3100_00000000n };
    expect(await prices.read('0x1', FEED)).toEqual({ ok: true, answer: 3100_00000000n, decimals: 8 });
    expect(calls.filter((c) => c === 'round')).toHaveLength(2);
  });

  it('keeps no answer of a head that jumped ahead (a lying node, or one the user has since replaced): the next head’s block is read', async () => {
    const { prices, state } = chain({ answer: 1_000_000_00000000n }, { head: { number: 2 ** 40, timestamp: NOW } });
    expect(await prices.read('0x1', FEED)).toMatchObject({ ok: true, answer: 1_000_000_00000000n });
    state.head = { number: 101, timestamp: NOW + 2 };
    state.round = { answer: 3100_00000000n };
    expect(await prices.read('0x1', FEED)).toEqual({ ok: true, answer: 3100_00000000n, decimals: 8 });
  });
});
