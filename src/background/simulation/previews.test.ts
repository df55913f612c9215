import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { createPreviews } from './previews';

const FROM: Hex = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const batch = (value: Hex, extra: Partial<BatchRecord> = {}): BatchRecord => ({
  id: 'same-id', origin: 'https://dapp.example', chainId: '0x7a69', from: FROM, atomic: false, upgrade: false,
  calls: [{ to: '0x000000000000000000000000000000000000dEaD', value, data: '0x' }], gasLimits: ['0x5208'], state: 'awaiting-approval', transactions: [], createdAt: 0, ...extra,
});

/** A node whose simulation reports an ETH transfer of the value asked, and what it was asked. */
function node(asked: unknown[]): ChainNode {
  return (async (method: string, params: unknown[] = []) => {
    if (method === 'eth_getBalance') return '0x1000';
    if (method === 'eth_getBlockByNumber') return { number: '0x1', timestamp: '0x1', baseFeePerGas: '0x1', miner: FROM, gasLimit: '0x1c9c380' };
    asked.push(params);
    const call = (params[0] as { blockStateCalls: { calls: { value: Hex }[] }[] }).blockStateCalls[0].calls[0];
    const topic = (address: string) => `0x${address.slice(2).padStart(64, '0')}`;
    return [{ calls: [{ status: '0x1', returnData: '0x', logs: [{ address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', topics: ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', topic(FROM), topic('0x000000000000000000000000000000000000dead')], data: `0x${BigInt(call.value).toString(16).padStart(64, '0')}` }] }] }];
  }) as ChainNode;
}

describe('previews', () => {
  it('a batch that reuses an earlier one\'s id is simulated for what it is, not shown the earlier preview', async () => {
    const previews = createPreviews();
    const asked: unknown[] = [];
    const network = { name: 'Devnet', symbol: 'ETH' };
    const first = await previews.of(batch('0x1'), network, node(asked));
    const second = await previews.of(batch('0x999'), network, node(asked));
    expect(first).toMatchObject({ changes: [{ amount: '-1' }] });
    expect(second).toMatchObject({ changes: [{ amount: '-2457' }] });
    // The same batch again shares the simulation already made.
    await previews.of(batch('0x1'), network, node(asked));
    expect(asked).toHaveLength(2);
  });

  it('runs each call of a sequential batch with the gas its transaction will carry', async () => {
    const asked: unknown[] = [];
    await createPreviews().of(batch('0x1'), { name: 'Devnet', symbol: 'ETH' }, node(asked));
    expect((asked[0] as unknown[])[0]).toMatchObject({ blockStateCalls: [{ calls: [{ gas: '0x5208' }] }] });
  });

  it('carries the fee caps of the tier the screen shows and the gas limit of the transaction; a sponsored batch carries none (the sponsor pays)', async () => {
    const market = { maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' } as const;
    const feeCaps = { low: market, market, aggressive: market };
    const atomic = batch('0x1', { atomic: true, gasLimits: ['0x30000'], feeCaps, calls: [...batch('0x1').calls, ...batch('0x2').calls] });
    let asked: unknown[] = [];
    await createPreviews().of(atomic, { name: 'Devnet', symbol: 'ETH' }, node(asked));
    expect((asked[0] as unknown[])[0]).toMatchObject({ validation: true, blockStateCalls: [{ calls: [{ gas: '0x30000', ...market }, { gas: '0x30000', ...market }] }] });
    asked = [];
    await createPreviews().of({ ...atomic, sponsor: { url: 'http://paymaster.example', context: {} } }, { name: 'Devnet', symbol: 'ETH' }, node(asked));
    expect((asked[0] as unknown[])[0]).toMatchObject({ validation: false });
    expect(((asked[0] as { blockStateCalls: { calls: object[] }[] }[])[0]).blockStateCalls[0].calls[0]).not.toHaveProperty('maxFeePerGas');
  });
});
