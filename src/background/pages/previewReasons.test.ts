/**
 * Why a review has no preview, as the worker's later script previews (./previewReasons.ts): a node's failure as the
 * wallet words it is said in words, what went wrong on the way too; a node's own message stays as written.
 */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import type { Outcome } from '../../shared/preview';
import { inEnglish } from '../../shared/words.fixture';
import type { BatchRecord } from '../batches/types';
import { callNode, type ChainNode } from '../networks/rpcClient';
import { createPreviews } from './previewReasons';
import { REFUSAL_TAIL, nodeOnThisMachine } from './refusals.fixture';
import { nodeSaid } from '../../shared/errors.fixture';

const FROM: Hex = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const server = nodeOnThisMachine();
const batch = { id: 'b', origin: 'https://dapp.example', chainId: '0x7a69', from: FROM, atomic: true, upgrade: false, calls: [{ to: FROM, value: '0x0', data: '0x' }], gasLimits: ['0x5208'], state: 'awaiting-approval', transactions: [], createdAt: 0 } as BatchRecord;
const BLOCK = { number: '0x1', timestamp: '0x1', baseFeePerGas: '0x1', miner: FROM, gasLimit: '0x1c9c380' };

/** The reason, once its words are checked to say its English. */
async function reason(node: ChainNode) {
  const outcome: Outcome = await createPreviews().of(batch, { name: 'Mine', symbol: 'ETH' }, node);
  if (outcome.kind !== 'unavailable') return expect.unreachable(outcome.kind);
  expect(outcome.reasonWords && inEnglish(outcome.reasonWords)).toBe(outcome.reason);
  return outcome;
}

describe('why a review has no preview', () => {
  it("says the node's failure in words, what it answered in place of a reply too", async () => {
    const broken: ChainNode = (method, params) => callNode({ urls: [`${server.url()}/broken`], name: 'Mine' }, method, params);
    expect((await reason(broken)).reasonWords).toEqual({
      key: 'preview_nodeCouldNot',
      values: { said: { key: 'errors_nodeAnswered', values: { network: 'Mine', answer: { key: 'errors_httpStatus', values: { status: '500' } } } } },
    });
  });

  it("says it when what failed was the account's balance, after the simulation", async () => {
    const node = (async (method: string) => {
      if (method === 'eth_getBalance') return callNode({ urls: [`${server.url()}/page`], name: 'Mine' }, method);
      if (method === 'eth_getBlockByNumber') return BLOCK;
      if (method === 'eth_simulateV1') throw nodeSaid(-32000, 'insufficient funds for gas * price + value');
      return '0x';
    }) as ChainNode;
    expect((await reason(node)).reasonWords).toEqual({
      key: 'preview_noPreview',
      values: { error: { key: 'errors_nodeAnswered', values: { network: 'Mine', answer: { key: 'errors_httpNoJson', values: { status: '200' } } } } },
    });
  });

  it("keeps a node's own message as written, though it reads as a sentence of the wallet's", async () => {
    const node = (async (method: string) => {
      if (method === 'eth_getBlockByNumber') return BLOCK;
      if (method === 'eth_simulateV1') throw nodeSaid(-32000, REFUSAL_TAIL);
      return '0x';
    }) as ChainNode;
    expect((await reason(node)).reasonWords).toEqual({ key: 'preview_nodeCouldNot', values: { said: REFUSAL_TAIL } });
  });
});
