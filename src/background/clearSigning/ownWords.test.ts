/**
 * The words of the wallet's own descriptor files (shared/erc7730/ownWords.ts), through real reviews: every fixture of
 * those files (scripts/erc7730Registry/testsv2/) and a call of each of their functions. Each intent, sentence and label
 * the engine writes from one of them carries words whose English (the tests' browser speaks English) is exactly that
 * text; the registry's and the user's files carry none.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { AbiCoder, FunctionFragment, Interface, Transaction, toQuantity } from 'ethers';
import { describe, expect, it } from 'vitest';
import { OWN_INTENTS } from '../../shared/erc7730/ownIntents';
import { OWN_LABELS } from '../../shared/erc7730/ownLabels';
import type { ClearSigned, Descriptor } from '../../shared/erc7730/types';
import { daiPermit, descriptors, permitBatch, permitBatchTransferFrom, permitSingle, permitTransferFrom, permitWitnessTransferFrom, seaportListing, SIGNER, usdcPermit } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import type { TypedMessage } from '../../shared/typedData/types';
import { inEnglish } from '../../shared/words.fixture';
import { argument, corpusCalls, random } from './corpus.fixture';
import { PLAN_CONTRACTS, TABLES, type PlanKind } from '../../shared/erc7730/uniswapCommands';
import { CODE, MAINNET, NOW, fakeNode } from './chain.fixture';
import { deps, signature } from './calls.fixture';
import { reviewCalls } from './calls';
import { reviewTypedData } from './review';

const DIR = resolve(import.meta.dirname, '../../../scripts/erc7730Registry/testsv2');
const OWN = new Set(descriptors.map((d) => d.source));

interface FixtureFile {
  descriptor: string;
  dataProvider?: { tokens?: Record<string, { symbol: string; decimals: number }> };
  tests: { description: string; rawTx?: Hex; data?: TypedMessage; from?: Hex }[];
}

/** Each words of a review checked against its English; the keys said, for the coverage below. */
const said = new Set<string>();
function expectWords(clear: ClearSigned): void {
  if (!OWN.has(clear.source) || clear.intent.startsWith('Not read')) return;
  expect(clear.intentWords, clear.intent).toBeDefined();
  if (clear.intentWords) expect(inEnglish(clear.intentWords)).toBe(clear.intent);
  expect(clear.interpolatedWords === undefined, `${clear.interpolatedIntent}`).toBe(clear.interpolatedIntent === undefined);
  if (clear.interpolatedWords) expect(inEnglish(clear.interpolatedWords)).toBe(clear.interpolatedIntent);
  for (const field of clear.fields) {
    expect(field.labelWords, field.label).toBeDefined();
    if (field.labelWords) expect(inEnglish(field.labelWords)).toBe(field.label);
  }
  for (const words of [clear.intentWords, clear.interpolatedWords, ...clear.fields.map((f) => f.labelWords)]) {
    if (words) said.add(words.values?.label && typeof words.values.label === 'object' && 'key' in words.values.label ? words.values.label.key : words.key);
  }
}
const expectAllWords = (review: { clear: ClearSigned; inner?: { clear: ClearSigned }[] } | undefined) => {
  expect(review).toBeDefined();
  for (const clear of [review?.clear, ...(review?.inner ?? []).map((i) => i.clear)]) if (clear) expectWords(clear);
};

/** Arguments drawn by `seed` for a command's or action's pseudo-function, ABI-encoded as the router reads them. */
function encoded(signature: string, r: ReturnType<typeof random>): string {
  const { inputs } = FunctionFragment.from(signature);
  return AbiCoder.defaultAbiCoder().encode(inputs, inputs.map((input) => argument(input, r)));
}
const byte = (n: number) => `0x${n.toString(16).padStart(2, '0')}`;
const actionsPlan = (kind: PlanKind, r: ReturnType<typeof random>) => Object.entries(TABLES[kind].signatures).map(([n, signature]) => AbiCoder.defaultAbiCoder().encode(['bytes', 'bytes[]'], [byte(Number(n)), [encoded(signature, r)]]));

/** A call of each command of each Uniswap router on mainnet (a V4_SWAP with each action), and of each PositionManager action. */
function uniswapCalls(seed: number): { to: Hex; value: Hex; data: Hex }[] {
  const r = random(seed);
  return descriptors.flatMap((descriptor) => {
    const kind = PLAN_CONTRACTS[descriptor.context.$id ?? ''];
    const to = descriptor.context.contract?.deployments?.find((d) => d.chainId === 1)?.address as Hex | undefined;
    if (!kind || !to) return [];
    const call = (signature: string, args: unknown[]) => ({ to, value: '0x0' as Hex, data: new Interface([`function ${signature}`]).encodeFunctionData(signature.slice(0, signature.indexOf('(')), args) as Hex });
    if (kind === 'positions') return actionsPlan(kind, r).map((plan) => call('modifyLiquidities(bytes,uint256)', [plan, 1n << 40n]));
    const { signatures, nested } = TABLES[kind];
    return Object.entries(signatures).flatMap(([n, signature]) => {
      const inputs = Number(n) === nested?.command ? actionsPlan(nested.kind, r) : [encoded(signature, r)];
      return inputs.map((input) => call('execute(bytes,bytes[],uint256)', [byte(Number(n)), [input], 1n << 40n]));
    });
  });
}

const fixtureFiles = readdirSync(DIR).filter((name) => OWN.has(name.replace('.tests.json', '.json'))).sort();

describe('the wallet\'s own descriptors, in words the screen says in the browser\'s language', () => {
  it.each(fixtureFiles)('%s: each fixture\'s intent, sentence and labels', async (name) => {
    const file = JSON.parse(readFileSync(resolve(DIR, name), 'utf8')) as FixtureFile;
    const tokens = Object.fromEntries(Object.entries(file.dataProvider?.tokens ?? {}).map(([address, t]) => [address, { symbol: t.symbol, decimals: t.decimals, balance: 0n }]));
    const fixtureDeps = { node: fakeNode({ code: Object.fromEntries(Object.keys(tokens).map((address) => [address, CODE])), tokens }), descriptors: async () => descriptors, now: () => NOW, ownAccounts: async () => [] };
    for (const test of file.tests) {
      if (test.data) {
        const typed = test.data;
        const network = { ...MAINNET, chainId: toQuantity(BigInt((typed.domain as { chainId?: number }).chainId ?? 1)) as Hex };
        const { clear } = await reviewTypedData(fixtureDeps, typed, test.from ?? (SIGNER as Hex), network);
        expectAllWords(clear && { clear });
      } else if (test.rawTx) {
        const tx = Transaction.from(test.rawTx);
        const network = { ...MAINNET, chainId: toQuantity(tx.chainId) as Hex };
        const [call] = await reviewCalls(fixtureDeps, [{ to: tx.to as Hex, value: toQuantity(tx.value) as Hex, data: tx.data as Hex }], test.from ?? (SIGNER as Hex), network);
        expectAllWords(call.review);
      }
    }
  });

  it('a call of each of their functions, and every intent and label of theirs is said by one of these reviews', async () => {
    const { PermitWitnessTransferFrom: witnessTypes, ...types } = permitWitnessTransferFrom.types;
    const batchWitness: TypedMessage = {
      ...permitWitnessTransferFrom,
      types: { ...types, PermitBatchWitnessTransferFrom: witnessTypes.map((f) => (f.name === 'permitted' ? { ...f, type: 'TokenPermissions[]' } : f)) },
      primaryType: 'PermitBatchWitnessTransferFrom',
      message: { ...permitWitnessTransferFrom.message, permitted: [permitWitnessTransferFrom.message.permitted] },
    };
    for (const typed of [usdcPermit, daiPermit, permitSingle, permitBatch, permitTransferFrom, permitBatchTransferFrom, permitWitnessTransferFrom, batchWitness, seaportListing(10n ** 18n)]) {
      const { clear } = await signature(typed);
      expectAllWords(clear && { clear });
    }
    // Seeded arguments: the ones that say each sentence (a sentence is not said where a value is not fully worded).
    const calls = [...corpusCalls(1).map(({ call }) => call), ...[1, 2, 3, 4, 5, 6].flatMap(uniswapCalls)];
    for (const call of calls) expectAllWords((await reviewCalls(deps, [call], SIGNER as Hex, MAINNET))[0].review);
    const notSaid = (phrases: Record<string, string>) => Object.entries(phrases).filter(([, key]) => !said.has(key)).map(([phrase]) => phrase);
    expect(notSaid(OWN_INTENTS)).toEqual([]);
    expect(notSaid(OWN_LABELS)).toEqual([]);
  }, 30_000);

  it('a user\'s file and the registry\'s say their words as they wrote them: no words, even where a phrase is the wallet\'s', async () => {
    const token = '0x5555555555555555555555555555555555555555';
    const key = 'send(address to,uint256 amount)';
    const theirs = (flag: { userFile: true } | { registry: true }): Descriptor => ({
      ...flag, source: 'theirs.json', context: { contract: { deployments: [{ chainId: 1, address: token }] } },
      display: { formats: { [key]: { intent: 'Send a token', interpolatedIntent: 'Send {amount} to {to}', fields: [{ path: 'to', label: 'To', format: 'addressName' }, { path: 'amount', label: 'Amount', format: 'raw' }] } } },
    });
    for (const flag of [{ userFile: true as const }, { registry: true as const }]) {
      const transfer = new Interface(['function send(address to, uint256 amount)']).encodeFunctionData('send', [SIGNER, 1n]) as Hex;
      const [call] = await reviewCalls({ ...deps, descriptors: async () => [...descriptors, theirs(flag)] }, [{ to: token, value: '0x0', data: transfer }], SIGNER as Hex, MAINNET);
      expect(call.review?.clear).toMatchObject({ source: 'theirs.json', intent: 'Send a token' });
      expect(call.review?.clear.intentWords).toBeUndefined();
      expect(call.review?.clear.interpolatedIntent).toBe(`Send 1 to ${SIGNER}`);
      expect(call.review?.clear.interpolatedWords).toBeUndefined();
      expect(call.review?.clear.fields.map((f) => [f.label, f.labelWords])).toEqual([['To', undefined], ['Amount', undefined]]);
    }
  });
});
