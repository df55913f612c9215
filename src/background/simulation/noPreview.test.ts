/**
 * Why there is no preview, in English and in words the screen says in the browser's language; what a node wrote
 * inside them cleaned and bounded (a node's garbled balance reached the review as it came).
 */
import { describe, expect, it } from 'vitest';
import { hasInvisible } from '../../shared/displayText';
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { Outcome } from '../../shared/preview';
import { inEnglish } from '../../shared/words.fixture';
import type { BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { createPreviews } from './previews';
import { simulate, type SimulationRequest } from './simulate';
import { createTokenInfo } from './tokenInfo';

const FROM: Hex = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const HIDING = `0xApprove\u202E\u200b${' and more'.repeat(500)}`;
const request: SimulationRequest = { chainId: '0x7a69', networkName: 'Devnet', nativeSymbol: 'ETH', from: FROM, atomic: true, calls: [{ to: FROM, value: '0x0', data: '0x' }] };
const BLOCK = { number: '0x1', timestamp: '0x1', baseFeePerGas: '0x1', miner: FROM, gasLimit: '0x1c9c380' };
/** A node whose eth_simulateV1 answers as `simulates` does, its balance `balance`. */
const node = (simulates: () => unknown, balance = '0x1') => (async (method: string) => {
  if (method === 'eth_getBalance') return balance;
  if (method === 'eth_getBlockByNumber') return BLOCK;
  if (method === 'eth_simulateV1') return simulates();
  return '0x';
}) as ChainNode;

/** The reason, once its words are checked to say its English. */
function said(outcome: Outcome) {
  if (outcome.kind !== 'unavailable') return expect.unreachable(outcome.kind);
  expect(outcome.reasonWords && inEnglish(outcome.reasonWords)).toBe(outcome.reason);
  return outcome;
}

describe('why there is no preview', () => {
  it('is said in words: the node unreachable, a network that cannot simulate, the node\'s own words as the node\'s', async () => {
    const unreachable = said(await simulate(node(() => { throw new RpcError(ErrorCode.chainDisconnected, 'down'); }), request, createTokenInfo()));
    expect(unreachable.reasonWords).toEqual({ key: 'preview_nodeUnreachable', values: { network: 'Devnet' } });
    const cannot = said(await simulate(node(() => { throw new RpcError(-32601, 'Method not found'); }), request, createTokenInfo()));
    expect(cannot.reasonWords).toEqual({ key: 'preview_cannotSimulate' });
    const failed = said(await simulate(node(() => { throw new RpcError(-32000, HIDING); }), request, createTokenInfo()));
    expect(failed.reasonWords).toMatchObject({ key: 'preview_nodeCouldNot' });
    expect(hasInvisible(failed.reason)).toBe(false);
  });

  it('is what failed, cleaned and bounded: a node\'s garbled balance is no page of text', async () => {
    const batch = { id: 'b', origin: 'https://dapp.example', chainId: '0x7a69', from: FROM, atomic: true, upgrade: false, calls: [{ to: FROM, value: '0x0', data: '0x' }], gasLimits: ['0x5208'], state: 'awaiting-approval', transactions: [], createdAt: 0 } as BatchRecord;
    const garbled = node(() => [{ calls: [{ status: '0x1', returnData: '0x', logs: [] }] }], HIDING);
    const failed = said(await createPreviews().of(batch, { name: 'Devnet', symbol: 'ETH' }, garbled));
    expect(failed.reason).toMatch(/^No preview: /);
    expect(hasInvisible(failed.reason) || [...failed.reason].length > 320).toBe(false);
  });
});
