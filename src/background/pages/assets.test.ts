import { describe, expect, it } from 'vitest';
import { requestBudget } from '../budget/requestBudget';
import type { Services } from '../services';
import { runPageRequest } from './pipeline';

const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

function popup(answer: unknown) {
  const services = {
    node: async () => answer,
    requestBudget: requestBudget({ capacity: 10_000, perSecond: 10_000 }, () => 0),
  } as unknown as Services;
  return (method: string, params: unknown) => runPageRequest({ type: 'page-request', method, params }, { services, lock: async () => undefined, touch: async () => undefined });
}

describe('getBalance', () => {
  it('passes on the node\'s amount', async () => {
    expect(await popup('0xde0b6b3a7640000')('getBalance', { address: ACCOUNT })).toEqual({ result: '0xde0b6b3a7640000' });
  });

  it('passes on only amounts: a node answering a word, an object, null or a number past 256 bits is an error, and Home shows no balance rather than failing', async () => {
    for (const answer of ['lots', { balance: 1 }, null, `0x1${'0'.repeat(64)}`]) {
      expect(await popup(answer)('getBalance', { address: ACCOUNT })).toMatchObject({ error: { code: -32603, message: expect.stringContaining('eth_getBalance') } });
    }
  });
});
