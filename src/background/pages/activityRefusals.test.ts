/**
 * Activity's Speed up and Cancel refusals (batches/replace.ts, batches/cancelUserOperation.ts, pages/send.ts's Cancel
 * of a sponsored batch) carry their words, which say in English exactly what the code that refuses wrote: each is made
 * here by that code, never copied. A dapp still gets the English message alone.
 */
import { describe, expect, it } from 'vitest';
import { toErrorObject, type RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { userOperationCancel } from '../batches/cancelUserOperation';
import { planReplacement, replacementRequest } from '../batches/replace';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import type { Services } from '../services';
import { pageError } from './refusalWords';
import { saysInWords } from './refusals.fixture';
import { sendPages } from './send';

const HASH: Hex = `0x${'12'.repeat(32)}`;
const ORIGIN = 'https://dapp.example';
const pending = { hash: HASH, raw: '0x02' as Hex, nonce: 3, calls: [0], sent: true };
const batch = (fields: Partial<BatchRecord> = {}): BatchRecord => ({
  id: 'b7', origin: ORIGIN, chainId: '0x7a69', from: '0x00000000000000000000000000000000000000aa', atomic: false, upgrade: false,
  calls: [], gasLimits: [], state: 'sent', transactions: [pending], createdAt: 0, ...fields,
}) as BatchRecord;
/** The batches' store holding `record`, the original transaction's fees 100 and 10 wei. */
const deps = (record?: BatchRecord) => ({
  batches: fakeBatches(record ? [record] : []),
  nodeFor: async () => (async () => '0x1'),
  transactionCode: { decodeTransaction: async () => ({ maxFeePerGas: 100n, maxPriorityFeePerGas: 10n, nonce: 3, chainId: 31337n, gasLimit: 21_000n }) },
}) as unknown as Parameters<typeof planReplacement>[0];

describe('the words of a Speed up or Cancel refused', () => {
  it('say a sponsored batch has no transaction to replace', async () => {
    const sponsored = batch({ userOperation: { hash: HASH, sent: true } as BatchRecord['userOperation'] });
    expect(await saysInWords(planReplacement(deps(sponsored), ORIGIN, 'b7', HASH, 'speedUp'))).toEqual({ key: 'errors_sponsoredNoTransaction' });
  });

  it('say the transaction is not in the batch, or no longer pending, its hash as written', async () => {
    expect(await saysInWords(planReplacement(deps(batch({ transactions: [] })), ORIGIN, 'b7', HASH, 'cancel')))
      .toEqual({ key: 'errors_noTransaction', values: { hash: HASH } });
    expect(await saysInWords(planReplacement(deps(batch({ transactions: [{ ...pending, replacedBy: HASH }] })), ORIGIN, 'b7', HASH, 'cancel')))
      .toEqual({ key: 'errors_transactionNotPending', values: { hash: HASH } });
  });

  it('say a replacement that does not raise both fees by 10%', async () => {
    const fees = { maxFeePerGas: 105n, maxPriorityFeePerGas: 11n };
    expect(await saysInWords(replacementRequest(deps(batch()), ORIGIN, 'b7', HASH, 'speedUp', fees)))
      .toEqual({ key: 'errors_replacementTooCheap', values: { hash: HASH } });
  });
});

describe('the words of a sponsored batch\'s Cancel refused', () => {
  const services = (record?: BatchRecord) => ({ batches: fakeBatches(record ? [record] : []) }) as unknown as Services;
  const cancel = (record?: BatchRecord) => sendPages.cancelUserOperation.handle({ origin: ORIGIN, id: 'b7' }, { services: services(record) } as never);

  it('say the batch is not there, its id and site as written', async () => {
    expect(await saysInWords(cancel())).toEqual({ key: 'errors_noBatch', values: { id: 'b7', origin: ORIGIN } });
  });

  it('say it has no user operation still pending', async () => {
    expect(await saysInWords(cancel(batch()))).toEqual({ key: 'errors_noPendingOperation', values: { id: 'b7', origin: ORIGIN } });
    expect(await saysInWords(userOperationCancel(batch({ id: 'b8', origin: 'chrome-extension://wallet' }))))
      .toEqual({ key: 'errors_noPendingOperation', values: { id: 'b8', origin: 'chrome-extension://wallet' } });
  });
});

describe('a dapp', () => {
  it('gets the English message alone, the screens its words too', async () => {
    const refusal = (await planReplacement(deps(batch({ transactions: [] })), ORIGIN, 'b7', HASH, 'cancel').catch((error: RpcError) => error)) as RpcError;
    expect(toErrorObject(refusal)).toEqual({ code: -32602, message: refusal.message });
    expect(pageError(refusal).data).toMatchObject({ words: { key: 'errors_noTransaction' } });
  });
});
