/**
 * Seaport calls' dangers, beside their words: incrementCounter cancels every order the account signed, and a fulfilment
 * sending what is bought to another address says so before Sign. Read as a batch or eth_sendTransaction reads a call.
 */
import { Interface, ZeroAddress, ZeroHash } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { BAYC, SEAPORT_16, SIGNER, descriptors, seaportListing } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { CODE, MAINNET, NOW, fakeNode } from './chain.fixture';
import { checkingWords } from '../../shared/dangers.fixture';
import { reviewCalls } from './calls';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('../../shared/erc7730/render', async (original) => (await import('../../shared/erc7730/valueWords.fixture')).checkingRender(await original()));

const key = (name: string) => Object.keys(descriptors.find((d) => d.source === 'calldata-seaport.json')?.display.formats ?? {}).find((k) => k.startsWith(`${name}(`));
const seaport = new Interface([`function ${key('incrementCounter')}`, `function ${key('fulfillAdvancedOrder')}`]);
const STRANGER = '0x2222222222222222222222222222222222222222';
const deps = { node: fakeNode({ code: { [SEAPORT_16.toLowerCase()]: CODE, [BAYC.toLowerCase()]: CODE } }), descriptors: async () => descriptors, now: () => NOW, ownAccounts: async () => [] };
const kept = checkingWords();
const review = async (data: string) => {
  const { review: reviewed } = (await reviewCalls(deps, [{ to: SEAPORT_16 as Hex, value: '0x0', data: data as Hex }], SIGNER as Hex, MAINNET))[0];
  kept(reviewed?.dangers ?? []);
  return reviewed;
};

const { counter: _counter, ...parameters } = seaportListing(10n ** 18n).message as Record<string, unknown> & { consideration: unknown[] };
const advancedOrder = { parameters: { ...parameters, totalOriginalConsiderationItems: parameters.consideration.length }, numerator: 1n, denominator: 1n, signature: `0x${'11'.repeat(65)}`, extraData: '0x' };

describe('Seaport call dangers', () => {
  it('incrementCounter: every listing and offer the account signed on Seaport is cancelled', async () => {
    const shown = await review(seaport.encodeFunctionData('incrementCounter', []));
    expect(shown?.clear.intent).toBe('Seaport: cancel all your orders');
    expect(shown?.dangers).toEqual([expect.objectContaining({ kind: 'cancelsAllOrders', tone: 'warn', message: expect.stringMatching(/every listing and offer you signed on Seaport/) })]);
  });

  it('a fulfilment whose items go to another address names it, asking a second yes; to you (0 or your address), no danger', async () => {
    const elsewhere = await review(seaport.encodeFunctionData('fulfillAdvancedOrder', [advancedOrder, [], ZeroHash, STRANGER]));
    expect(elsewhere?.dangers.map((d) => [d.kind, d.confirm])).toEqual([['itemsToOther', true]]);
    expect(elsewhere?.dangers[0].message).toContain(STRANGER);
    for (const recipient of [ZeroAddress, SIGNER]) {
      expect((await review(seaport.encodeFunctionData('fulfillAdvancedOrder', [advancedOrder, [], ZeroHash, recipient])))?.dangers).toEqual([]);
    }
  });
});
