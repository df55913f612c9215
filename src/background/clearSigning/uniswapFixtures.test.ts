/**
 * The Uniswap and WETH fixtures (scripts/erc7730Registry/testsv2/, in the registry's testsv2 format) through the
 * worker's own path: reviewCalls with the wallet's descriptors and a node that knows the file's tokens. What the
 * screen shows is compared with what the fixture expects: the call's intent, owner and fields, then each command of a
 * router or PositionManager plan as a nested field labelled as the screen labels it ("Command 1 › Action 2").
 * A field's value is its words, or its address when it has none (as the registry fixture runner reads the screen).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { Transaction, toQuantity } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { ClearSigned } from '../../shared/erc7730/types';
import { descriptors } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { CODE, MAINNET, NOW, fakeNode } from './chain.fixture';
import { reviewCalls } from './calls';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('../../shared/erc7730/render', async (original) => (await import('../../shared/erc7730/valueWords.fixture')).checkingRender(await original()));

interface Expected {
  intent: string;
  interpolatedIntent?: string;
  owner?: string;
  fields: { label: string; value: string | Expected }[];
}

interface FixtureFile {
  descriptor: string;
  dataProvider?: { tokens?: Record<string, { symbol: string; decimals: number }> };
  tests: { description: string; rawTx: Hex; from?: Hex; expected: Expected }[];
}

const DIR = resolve(import.meta.dirname, '../../../scripts/erc7730Registry/testsv2');
/** The Uniswap and WETH files among the wallet's fixtures (the others are the ratchet's alone). */
const FILES = readdirSync(DIR).filter((name) => /^calldata-(uniswap-.*|weth)\.tests\.json$/.test(name)).sort();
const SIGNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Hex;

const shown = (clear: ClearSigned) => clear.fields.map((f) => ({ label: f.label, value: f.text || f.address || '' }));

/** What the screen says of one call (with its owner) or one step of its plan, in the fixtures' shape. */
function said(clear: ClearSigned, steps?: Expected['fields']): Expected {
  const { interpolatedIntent } = clear as { interpolatedIntent?: string };
  return { intent: clear.intent, ...(interpolatedIntent === undefined ? {} : { interpolatedIntent }), ...(steps && clear.owner !== undefined ? { owner: clear.owner } : {}), fields: [...shown(clear), ...(steps ?? [])] };
}

/** The expected words, less the sentence where the engine says none (an engine that does not render interpolatedIntent). */
function asSaid(expected: Expected, actual: Expected | undefined): Expected {
  const { interpolatedIntent, ...rest } = expected;
  const fields = expected.fields.map((f, i) => {
    const other = actual?.fields[i]?.value;
    return typeof f.value === 'string' ? f : { ...f, value: asSaid(f.value, typeof other === 'object' ? other : undefined) };
  });
  return { ...rest, ...(interpolatedIntent !== undefined && actual?.interpolatedIntent !== undefined ? { interpolatedIntent } : {}), fields };
}

describe('Uniswap and WETH fixtures, as the approval screen words them', () => {
  it('every fixture file names a descriptor the wallet ships', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(5);
    for (const name of FILES) {
      const file = JSON.parse(readFileSync(resolve(DIR, name), 'utf8')) as FixtureFile;
      expect(descriptors.map((d) => d.source)).toContain(file.descriptor.split('/').at(-1));
    }
  });

  for (const name of FILES) {
    const file = JSON.parse(readFileSync(resolve(DIR, name), 'utf8')) as FixtureFile;
    const tokens = Object.fromEntries(Object.entries(file.dataProvider?.tokens ?? {}).map(([address, t]) => [address, { symbol: t.symbol, decimals: t.decimals, balance: 0n }]));
    const code = Object.fromEntries(Object.keys(tokens).map((address) => [address, CODE]));
    const deps = { node: fakeNode({ code, tokens }), descriptors: async () => descriptors, now: () => NOW, ownAccounts: async () => [] };
    for (const test of file.tests) {
      it(`${name}: ${test.description}`, async () => {
        const tx = Transaction.from(test.rawTx);
        const network = { ...MAINNET, chainId: toQuantity(tx.chainId) as Hex };
        const [call] = await reviewCalls(deps, [{ to: tx.to as Hex, value: toQuantity(tx.value) as Hex, data: tx.data as Hex }], test.from ?? SIGNER, network);
        const review = call.review;
        expect(review?.clear.source).toBe(file.descriptor.split('/').at(-1));
        if (!review) return;
        const inner = (review.inner ?? []).map(({ label, clear }) => ({ label, value: said(clear) }));
        const actual = said(review.clear, inner);
        expect(actual).toEqual(asSaid(test.expected, actual));
        // Each value of a command the wallet reads is worded or stands for another shown (a path by its tokens).
        const read = [review.clear, ...(review.inner ?? []).map((i) => i.clear).filter((c) => !c.intent.startsWith('Not read'))];
        expect(read.flatMap((c) => c.uncovered)).toEqual([]);
      });
    }
  }
});
