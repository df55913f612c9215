/**
 * Runs ERC-7730 test fixtures (the registry's testsv2 format: specs/erc7730-tests-v2.schema.json) through the
 * wallet's engine: includes merged, `parseDescriptor`, `bindCall` (the raw transaction decoded by ethers) or
 * `bindMessage`, `render` with a RenderContext fed from the file's `dataProvider`, then the words compared with what
 * the fixture expects. Every `*.tests.json` in a `testsv2` folder below the one given is a fixture file; its
 * `descriptor` is a path from it.
 *
 * How the comparison reads the screen (nothing else is loosened, whitespace and case included):
 * - a field's value is its words (`text`), or its address when it has no words; a note the wallet adds in
 *   parentheses, and an address shown beside a name or an amount's words, are the wallet's own additions, not compared;
 * - a token the wallet cannot name: the spec asks for the raw value with a warning, which the registry writes as the
 *   bare number ("1000000") and the wallet as "1000000 units of <token>" with its unknown-token note: the same number;
 * - the wallet numbers the values one path reaches ("Amount 1", "Amount 2") where the registry repeats the label:
 *   the k-th occurrence of a label the fixture repeats matches the wallet's "<label> k";
 * - the registry writes dates as RFC 3339 with seconds ("2025-02-07 00:00:00Z"), the wallet as "2025-02-07 00:00 UTC"
 *   (minutes: its screen's precision): an expected date is compared as the wallet's text for that instant;
 * - a calldata field's expected `{ intent, fields }` is compared with the inner call bound and rendered in its turn
 *   (against every descriptor below the folder and every one a fixture names), as the wallet reads calls inside calls;
 *   an expected string with the row itself (the call's bytes), which the screen shows above the inner call's words;
 * - a Uniswap router or PositionManager call's plan (shared/erc7730/uniswapPlan.ts) follows its fields as the screen
 *   lists it: one row per command, labelled as the screen labels it ("Command 1 › Action 2"), its words the call's;
 * - the intent is `intent`; a case whose fixture gives `interpolatedIntent` matches its intent only when that matches too.
 * The owner is compared but counted apart (`owner`), since the screen says it as "For <owner>".
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { Transaction } from 'ethers';
import * as chains from 'viem/chains';
import { bindCall, bindMessage, type Bound } from '../../src/shared/erc7730/bind';
import { dateOf } from '../../src/shared/erc7730/valueWords';
import { resolveIncludes } from '../../src/shared/erc7730/includes';
import { parseDescriptor } from '../../src/shared/erc7730/parse';
import { render } from '../../src/shared/erc7730/render';
import type { ClearField, Descriptor, RenderContext, RenderFacts } from '../../src/shared/erc7730/types';
import type { Hex } from '../../src/shared/params';
import type { TypedMessage } from '../../src/shared/typedData/types';
import { readPlan, stepLabel, unreadStep } from '../../src/shared/erc7730/uniswapPlan';
import { causeOfField, causeOfUnbound } from './fixtureCauses';
import type { CaseResult, Expected, Figures, Rendered } from './fixtureTypes';

interface DataProvider {
  tokens?: Record<string, { symbol: string; decimals: number; name: string }>;
  addressNames?: Record<string, string>;
  ensNames?: Record<string, string>;
  nftCollectionNames?: Record<string, string>;
}

interface FixtureFile {
  descriptor: string;
  dataProvider?: DataProvider;
  tests: { description: string; rawTx?: Hex; from?: Hex; data?: TypedMessage; expected: Expected }[];
}

/** Every descriptor file below `dir` (a JSON object with a `context`, its display maybe included), fixtures and attestations aside. */
function descriptorFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name.startsWith('.') || name === 'tests' || name === 'testsv2' || name === 'sigs') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...descriptorFiles(path));
    else if (name.endsWith('.json')) {
      const json = readJson(path) as Record<string, unknown> | null;
      if (json && typeof json === 'object' && 'context' in json) out.push(path);
    }
  }
  return out;
}

/** Every `testsv2/*.tests.json` below `dir`, in a stable order (the registry's older `tests/` folders are another format). */
export function fixtureFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...fixtureFiles(path));
    else if (name.endsWith('.tests.json') && basename(dir) === 'testsv2') out.push(path);
  }
  return out;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** Loads descriptors once each, includes merged, parsed by the wallet's parser; a failure is kept as its message. */
class Descriptors {
  readonly loaded = new Map<string, Descriptor | string>();
  constructor(private readonly root: string) {}

  load(path: string): Descriptor | string {
    const known = this.loaded.get(path);
    if (known !== undefined) return known;
    let result: Descriptor | string;
    try {
      const merged = resolveIncludes(readJson(path), path, (included, from) => {
        const at = resolve(dirname(from), included);
        return { json: readJson(at), at };
      });
      result = parseDescriptor(merged, relative(this.root, path));
    } catch (error) {
      result = `does not load: ${(error as Error).message}`;
    }
    this.loaded.set(path, result);
    return result;
  }

  all(): Descriptor[] {
    return [...this.loaded.values()].filter((d): d is Descriptor => typeof d !== 'string');
  }
}

/** The currency of the network the case runs on, as the wallet's network would name it (viem's list of chains). */
const nativeSymbol = (chainId: bigint): string => Object.values(chains).find((c) => BigInt(c.id) === chainId)?.nativeCurrency.symbol ?? 'ETH';

/** A dataProvider table's entry for an address (the schema asks for lowercase keys; some files write them checksummed). */
function lookup<T>(table: Record<string, T> | undefined, address: string): T | undefined {
  return Object.entries(table ?? {}).find(([key]) => key.toLowerCase() === address.toLowerCase())?.[1];
}

function contextFrom(provider: DataProvider, container: Pick<RenderContext, 'chainId' | 'to' | 'value' | 'from'>): RenderContext {
  const lower = lookup;
  return {
    ...container,
    nativeSymbol: nativeSymbol(container.chainId),
    token: async (address) => {
      const token = lower(provider.tokens, address);
      return token && { symbol: token.symbol, decimals: token.decimals };
    },
    name: async (address) => lower(provider.addressNames, address) ?? lower(provider.ensNames, address),
    collectionName: async (address) => lower(provider.nftCollectionNames, address),
  };
}

/** A field as the comparison reads the screen: its words, or its address when it has none; an unnamed token's amount as its number. */
export function shownValue(field: Pick<ClearField, 'text' | 'address' | 'note'>): string {
  const units = /^(\d+) units of$/.exec(field.text);
  if (units && field.note?.startsWith('unknown token')) return units[1];
  return field.text || field.address || '';
}

/** The wallet's label matches the expected one, or is its k-th occurrence numbered ("Amount 2" for the second "Amount"). */
function sameLabel(shown: string, expected: Expected['fields'], i: number): boolean {
  const want = expected[i].label;
  const k = expected.slice(0, i + 1).filter((f) => f.label === want).length;
  return shown === want || shown === `${want} ${k}`;
}

const RFC3339 = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)Z$/;

/** The registry's date notation as the wallet writes the same instant; any other text as it is. */
export function inWalletNotation(expected: string): string {
  return RFC3339.test(expected) ? dateOf(BigInt(Date.parse(expected.replace(' ', 'T')) / 1000)).text : expected;
}

interface Container {
  chainId: bigint;
  to?: Hex;
  value?: bigint;
  from?: Hex;
}

/** A bound call or message in the fixtures' shape; calldata fields rendered in their turn as nested calls. */
async function rendered(bound: Bound, container: Container, provider: DataProvider, descriptors: Descriptors, depth = 0): Promise<Rendered> {
  const { clear, facts } = await render(bound, contextFrom(provider, container));
  const fields: Rendered['fields'] = [];
  for (const field of clear.fields) {
    const inner = depth < 3 ? await innerCall(field, facts, container, provider, descriptors, depth) : undefined;
    fields.push({ label: field.label, value: shownValue(field), ...(inner ? { call: inner } : {}) });
  }
  fields.push(...(await planSteps(bound, container, provider, descriptors, depth)));
  return {
    intent: clear.intent,
    ...(clear.interpolatedIntent === undefined ? {} : { interpolatedIntent: clear.interpolatedIntent }),
    ...(clear.owner === undefined ? {} : { owner: clear.owner }),
    fields,
  };
}

/** The wallet's own descriptors that word Uniswap's plans: they bind nothing by themselves, so every run loads them. */
const PLAN_WORDS = ['calldata-uniswap-router-commands.json', 'calldata-uniswap-v4-actions.json'].map((file) => resolve(import.meta.dirname, '../../public/erc7730', file));
/** The router's MSG_SENDER, for a case that names no sender. */
const MSG_SENDER = '0x0000000000000000000000000000000000000001';

async function planSteps(bound: Bound, container: Container, provider: DataProvider, descriptors: Descriptors, depth: number): Promise<Rendered['fields']> {
  const { chainId, to, from } = container;
  const plan = to && readPlan(bound, descriptors.all(), { chainId, contract: to, sender: from ?? MSG_SENDER });
  if (!plan || !plan.ok) return [];
  return Promise.all(plan.steps.map(async (step) => ({
    label: stepLabel(step).text,
    value: '',
    call: step.bound ? await rendered(step.bound, { chainId, to, ...(from ? { from } : {}) }, provider, descriptors, depth + 1) : { intent: unreadStep(step, bound.descriptor.source).intent, fields: [] },
  })));
}

async function innerCall(field: ClearField, facts: RenderFacts, container: Container, provider: DataProvider, descriptors: Descriptors, depth: number): Promise<Rendered | undefined> {
  const call = facts.calls.find((c) => c.label === field.label);
  if (!call) return undefined;
  const bound = bindCall(descriptors.all(), { chainId: container.chainId, to: call.to, data: call.data });
  if (!bound) return undefined;
  return rendered(bound, { chainId: container.chainId, to: call.to, value: call.value ?? 0n, ...(container.to ? { from: container.to } : {}) }, provider, descriptors, depth + 1);
}

/** The first difference between what is shown and what is expected, by field; undefined when all match. */
function fieldDifference(shown: Rendered['fields'], expected: Expected['fields'], where = ''): { index: number; detail: string } | undefined {
  for (let i = 0; i < Math.max(shown.length, expected.length); i++) {
    const [got, want] = [shown[i], expected[i]];
    if (!got || !want) return { index: i, detail: `${where}fields: ${expected.length} expected, ${shown.length} shown (${want ? `missing "${want.label}"` : `extra "${got.label}": ${JSON.stringify(got.value)}`})` };
    if (!sameLabel(got.label, expected, i)) return { index: i, detail: `${where}field ${i + 1}: label "${got.label}", expected "${want.label}"` };
    if (typeof want.value === 'string') {
      if (got.value !== inWalletNotation(want.value)) return { index: i, detail: `${where}"${want.label}": ${JSON.stringify(got.value)}, expected ${JSON.stringify(want.value)}` };
      continue;
    }
    if (!got.call) return { index: i, detail: `${where}"${want.label}": not read as a call (${JSON.stringify(got.value.slice(0, 42))}), expected one` };
    if (got.call.intent !== want.value.intent) return { index: i, detail: `${where}"${want.label}": intent "${got.call.intent}", expected "${want.value.intent}"` };
    const inner = fieldDifference(got.call.fields, want.value.fields, `${where}${want.label} › `);
    if (inner) return { index: i, detail: inner.detail };
  }
  return undefined;
}

function txContainer(rawTx: Hex, from: Hex | undefined): { call: { chainId: bigint; to: Hex; data: Hex }; container: Container } {
  const tx = Transaction.from(rawTx);
  const to = (tx.to ?? '0x') as Hex;
  const signer = from ?? (tx.from as Hex | null) ?? undefined;
  return { call: { chainId: tx.chainId, to, data: tx.data as Hex }, container: { chainId: tx.chainId, to, value: tx.value, ...(signer ? { from: signer } : {}) } };
}

async function runCase(file: string, fixture: FixtureFile, test: FixtureFile['tests'][number], descriptor: Descriptor | string, descriptors: Descriptors, root: string): Promise<CaseResult> {
  const base = { file: relative(root, file), description: test.description };
  const none = { ...base, bound: false, intent: false, fields: false, owner: false };
  if (typeof descriptor === 'string') return { ...none, cause: 'descriptor does not load', detail: descriptor };
  const provider = fixture.dataProvider ?? {};
  let bound: Bound | undefined;
  let container: Container;
  try {
    if (test.rawTx) {
      const tx = txContainer(test.rawTx, test.from);
      container = tx.container;
      bound = bindCall([descriptor], tx.call);
      if (!bound) return { ...none, ...causeOfUnbound(descriptor, tx.call) };
    } else if (test.data) {
      const { domain } = test.data;
      container = { chainId: BigInt((domain.chainId as string | number | undefined) ?? 0), ...(typeof domain.verifyingContract === 'string' ? { to: domain.verifyingContract as Hex } : {}) };
      bound = bindMessage([descriptor], test.data);
      if (!bound) return { ...none, cause: 'not bound: typed data', detail: `${test.data.primaryType} matches no format, domain or deployment of ${descriptor.source}` };
    } else return { ...none, cause: 'case has neither rawTx nor data' };
  } catch (error) {
    return { ...none, cause: 'not bound: throws', detail: (error as Error).message };
  }
  let shown: Rendered;
  try {
    shown = await rendered(bound, container, provider, descriptors);
  } catch (error) {
    return { ...base, bound: true, intent: false, fields: false, owner: false, cause: 'render throws', detail: (error as Error).message };
  }
  const { expected } = test;
  const intent = shown.intent === expected.intent && (expected.interpolatedIntent === undefined || shown.interpolatedIntent === expected.interpolatedIntent);
  const difference = fieldDifference(shown.fields, expected.fields);
  const owner = expected.owner === undefined || shown.owner === expected.owner;
  const result = { ...base, bound: true, intent, fields: !difference, owner, rendered: shown };
  if (!intent) {
    const which = shown.intent === expected.intent ? 'interpolatedIntent' : 'intent';
    const [got, want] = which === 'intent' ? [shown.intent, expected.intent] : [shown.interpolatedIntent, expected.interpolatedIntent];
    return { ...result, cause: which === 'intent' ? 'intent differs' : shown.interpolatedIntent === undefined ? 'interpolatedIntent not shown' : 'interpolatedIntent differs', detail: `${JSON.stringify(got)}, expected ${JSON.stringify(want)}` };
  }
  if (difference) return { ...result, cause: causeOfField(bound, shown.fields, expected.fields, difference.index), detail: difference.detail };
  return result;
}

export interface FixtureRun {
  results: CaseResult[];
  figures: Figures;
}

/** Every case of every fixture file under `dir`, run and compared. */
export async function runFixtures(dir: string): Promise<FixtureRun> {
  const root = resolve(dir);
  const descriptors = new Descriptors(root);
  const files = fixtureFiles(root).map((file) => ({ file, fixture: readJson(file) as FixtureFile }));
  // Every descriptor first, so a calldata field's inner call can bind to any of them (one without fixtures too).
  for (const { file, fixture } of files) descriptors.load(resolve(dirname(file), fixture.descriptor));
  for (const path of [...descriptorFiles(root), ...PLAN_WORDS]) descriptors.load(path);
  const results: CaseResult[] = [];
  for (const { file, fixture } of files) {
    const descriptor = descriptors.load(resolve(dirname(file), fixture.descriptor));
    for (const test of fixture.tests) results.push(await runCase(file, fixture, test, descriptor, descriptors, root));
  }
  const count = (pick: (r: CaseResult) => boolean) => results.filter(pick).length;
  return {
    results,
    figures: { cases: results.length, bound: count((r) => r.bound), intent: count((r) => r.intent), fields: count((r) => r.fields), all: count((r) => r.intent && r.fields), owner: count((r) => r.owner) },
  };
}
