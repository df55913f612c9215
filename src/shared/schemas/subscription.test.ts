import { describe, expect, it } from 'vitest';
import { parseSubscribe } from './subscription';

const TOKEN = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const TOPIC = `0x${'11'.repeat(32)}`;

describe('eth_subscribe params', () => {
  it('takes each kind with its options', () => {
    expect(parseSubscribe(['newHeads'])).toEqual({ kind: 'newHeads' });
    expect(parseSubscribe(['logs', { address: TOKEN, topics: [TOPIC, null] }])).toEqual({ kind: 'logs', criteria: { address: TOKEN, topics: [TOPIC, null] } });
    expect(parseSubscribe(['logs'])).toEqual({ kind: 'logs', criteria: {} });
    expect(parseSubscribe(['pendingLogs', { address: [TOKEN] }])).toEqual({ kind: 'pendingLogs', criteria: { address: [TOKEN] } });
    expect(parseSubscribe(['newFlashblockTransactions', true])).toEqual({ kind: 'newFlashblockTransactions', full: true });
    expect(parseSubscribe(['newPendingTransactions'])).toEqual({ kind: 'newPendingTransactions' });
  });

  it('refuses what a node would, naming the field', () => {
    const refused = (params: unknown) => {
      try {
        parseSubscribe(params);
      } catch (error) {
        return { code: (error as { code: number }).code, message: (error as Error).message };
      }
      throw new Error('accepted');
    };
    expect(refused(['syncing'])).toEqual({ code: -32602, message: expect.stringContaining('subscription kind must be one of newHeads, logs, newPendingTransactions, pendingLogs, newFlashblockTransactions') });
    expect(refused(['logs', { fromBlock: '0x1' }])).toMatchObject({ code: -32602, message: expect.stringContaining('filter.fromBlock') });
    expect(refused(['logs', { address: '0x12' }])).toMatchObject({ code: -32602, message: expect.stringContaining('filter.address') });
    expect(refused(['newHeads', {}])).toMatchObject({ code: -32602, message: expect.stringContaining('newHeads takes no options') });
    expect(refused(['newFlashblockTransactions', 'yes'])).toMatchObject({ code: -32602, message: expect.stringContaining('full transactions flag') });
    expect(refused([])).toMatchObject({ code: -32602, message: 'eth_subscribe expects 1 to 2 params, got 0' });
  });
});
