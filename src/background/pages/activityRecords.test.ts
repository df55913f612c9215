/**
 * What Activity passes on of a batch record besides its calls: the fee each transaction paid, only as an amount, and
 * its error in the browser's language (the refusals of the wallet's in their words, a server's message inside the
 * wallet's sentence, a record planted in storage.local as written).
 */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { inEnglish } from '../../shared/words.fixture';
import { batchKey, createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../batches/types';
import { MAINNET } from '../clearSigning/chain.fixture';
import type { Services } from '../services';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { storedErrorWords } from './refusalWords';
import { grantActivity } from '../executionPermissions/activity';
import { grantsCode, noRevokeRecords } from '../executionPermissions/grantsCode.fixture';
import { createGrants, memoryGrantRecordStore, type GrantRecord } from '../executionPermissions/store';
import { activity } from './state';

const record = (extra: Partial<BatchRecord>): BatchRecord => ({
  id: 'b', origin: 'https://app.example', chainId: MAINNET.chainId, from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Hex, atomic: false, upgrade: false,
  calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1', data: '0x' }], gasLimits: ['0x5208'], state: 'sent', transactions: [], createdAt: 0, ...extra,
});

/** Activity's services, the batch stored by the wallet (sealed), the refusal table as the later script gives it. */
async function services(batch: BatchRecord) {
  const backend = memoryBackend();
  const batches = createBatchStore(typedStorage(backend, BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  await batches.add(batch);
  const refusals = { storedErrorWords: async (...args: Parameters<typeof storedErrorWords>) => storedErrorWords(...args) };
  return { backend, services: { batches, grants: { list: async () => [] }, refusals, networks: { all: async () => [MAINNET] } } as unknown as Services };
}

describe('a batch\'s error in Activity, said in the browser\'s language', () => {
  const OVER_CAP = 'The network fee would exceed the approved maximum of 0.50 USDC: it could now take up to 0.75 USDC; nothing was signed or sent';
  const failed = (extra: Partial<BatchRecord>) => record({ state: 'failed', ...extra });

  it('a refusal of the wallet\'s carries its words, which say its English exactly', async () => {
    const [item] = await activity((await services(failed({ error: OVER_CAP }))).services);
    expect(item.error).toBe(OVER_CAP);
    expect(item.errorWords).toMatchObject({ key: 'errors_usdcOverCap', values: { maximum: { decimal: '0.50' }, needed: { decimal: '0.75' } } });
    expect(inEnglish(item.errorWords!)).toBe(OVER_CAP);
  });

  it('a server\'s message kept as the server\'s is said inside the wallet\'s sentence, even when it reads like the wallet\'s', async () => {
    const said = 'Too many wrong passwords: try again in 9 s';
    const [item] = await activity((await services(failed({ error: said, errorBy: 'server' }))).services);
    expect(item.errorWords).toEqual({ key: 'errors_serverAnswered', values: { said } });
  });

  it('the bundler\'s refusal of a sent userOp keeps what the bundler wrote as written', async () => {
    const error = 'The bundler at bundler.example refused the user operation (The wallet is locked); it can still run until its nonce is used: Cancel in Activity uses it';
    const [item] = await activity((await services(record({ state: 'sent', error }))).services);
    expect(item.errorWords).toEqual({ key: 'errors_bundlerAtRefusedOperation', values: { host: 'bundler.example', said: 'The wallet is locked' } });
    expect(inEnglish(item.errorWords!)).toBe(error);
  });

  it('the wallet\'s own refusals after an approval have words: a record changed, the bundler\'s and the paymaster\'s answers', async () => {
    for (const error of [
      'The batch record was changed outside the wallet; nothing was signed or sent',
      'The bundler refused the user operation (AA21 didn\'t pay prefund); it can still run until its nonce is used: Cancel in Activity uses it',
      'The bundler refused the userOp: AA33 reverted',
      'Paymaster service error',
      'EIP-7702 not supported on the specified chain id: the node refused the type-4 transaction',
    ]) {
      const [item] = await activity((await services(failed({ error }))).services);
      expect(item.errorWords && inEnglish(item.errorWords), error).toBe(error);
    }
  });

  it('a record planted in storage.local has no words: its text is shown as it is', async () => {
    const { backend, services: planted } = await services(record({ id: 'real' }));
    const fake = failed({ id: 'fake', error: OVER_CAP });
    await backend.set({ batches: { ...(await backend.get('batches')).batches as object, [batchKey(fake.origin, fake.id)]: fake } });
    const item = (await activity(planted)).find((i) => i.id === 'fake')!;
    expect(item.error).toBe(OVER_CAP);
    expect(item.errorWords).toBeUndefined();
  });
});

describe('the fee paid in Activity', () => {
  it('passes each transaction\'s fee paid to Activity, beside its receipt, and none for one without', async () => {
    const receipt = { logs: [], status: '0x1' as Hex, blockHash: `0x${'ab'.repeat(32)}` as Hex, blockNumber: '0x64' as Hex, gasUsed: '0x5208' as Hex, transactionHash: `0x${'11'.repeat(32)}` as Hex };
    const mined = { hash: receipt.transactionHash, raw: '0x02' as Hex, nonce: 1, calls: [0], sent: true, receipt, feePaid: '0x1319718a5000' as Hex };
    const [item] = await activity((await services(record({ transactions: [mined, { ...mined, hash: `0x${'22'.repeat(32)}`, nonce: 2, feePaid: undefined }] }))).services);
    expect(item.transactions.map((tx) => tx.feePaid)).toEqual(['0x1319718a5000', undefined]);
  });

  it('passes no fee from a planted record whose feePaid is not a hex amount: the popup reads it with BigInt, which throws', async () => {
    const receipt = { logs: [], status: '0x1' as Hex, blockHash: `0x${'ab'.repeat(32)}` as Hex, blockNumber: '0x64' as Hex, gasUsed: '0x5208' as Hex, transactionHash: `0x${'11'.repeat(32)}` as Hex };
    const garbled = ['zz', '12', '0x', '0x-1', ' 0x1', `0x${'f'.repeat(65)}`, {}, 7];
    const mined = (feePaid: unknown, n: number) => ({ hash: `0x${n.toString(16).padStart(64, '0')}` as Hex, raw: '0x02' as Hex, nonce: n, calls: [0], sent: true, receipt, feePaid: feePaid as Hex });
    const { backend, services: planted } = await services(record({ id: 'real' }));
    const fake = record({ id: 'fake', transactions: [mined(`0x${'f'.repeat(64)}`, 0), ...garbled.map((fee, i) => mined(fee, i + 1))] });
    await backend.set({ batches: { ...(await backend.get('batches')).batches as object, [batchKey(fake.origin, fake.id)]: fake } });
    const item = (await activity(planted)).find((i) => i.id === 'fake')!;
    expect(item.transactions.map((tx) => tx.feePaid)).toEqual([`0x${'f'.repeat(64)}`, ...garbled.map(() => undefined)]);
  });

  it('lists the wallet\'s records beside a planted one whose receipt status is not a number, which shows as not confirmed', async () => {
    const receipt = { logs: [], status: 'zz' as Hex, blockHash: `0x${'ab'.repeat(32)}` as Hex, blockNumber: '0x64' as Hex, gasUsed: '0x5208' as Hex, transactionHash: `0x${'11'.repeat(32)}` as Hex };
    const { backend, services: planted } = await services(record({ id: 'real' }));
    const fake = record({ id: 'fake', transactions: [{ hash: receipt.transactionHash, raw: '0x02' as Hex, nonce: 0, calls: [0], sent: true, receipt }] });
    await backend.set({ batches: { ...(await backend.get('batches')).batches as object, [batchKey(fake.origin, fake.id)]: fake } });
    const items = await activity(planted);
    expect(items.map((i) => i.id).sort()).toEqual(['fake', 'real']);
    const shown = items.find((i) => i.id === 'fake')!;
    expect(shown.transactions[0].status).toBe('failed');
    expect(shown.status).not.toBe(200);
  });

  // Migration 5 moved every record of storage.local's `grants` with an id into the extension's IndexedDB: one planted
  // there before the update (a content script could) is a grant record to Activity from then on.
  it('lists the wallet\'s records beside a grant record migration 5 moved that has no grant\'s shape', async () => {
    const { services: planted } = await services(record({ id: 'real' }));
    const moved = memoryGrantRecordStore();
    await moved.save([{ id: `0x${'2'.repeat(64)}`, origin: 'https://planted.example' } as unknown as GrantRecord]);
    const withGrant = { ...planted, grants: createGrants(moved, Promise.resolve(), grantsCode, noRevokeRecords), grantCode: { grantActivity } } as unknown as Services;
    expect((await activity(withGrant)).map((i) => i.id)).toContain('real');
  });
});
