/**
 * A Ledger account's request built in its turn (rpc/deviceBatchPayloads.ts `inTurn`): while an earlier one is left
 * unanswered on the device, the next is refused after a minute, in words, and nothing is built for it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import { TURN_WAIT_MS, inTurn } from '../rpc/deviceBatchPayloads';
import { LEDGER, SITE } from '../rpc/deviceSigning.fixture';
import { saysInWords } from './refusals.fixture';

afterEach(() => vi.useRealTimers());

const waiting = (id: string) => ({ origin: SITE, id, chainId: '0x7a69', state: 'awaiting-approval' }) as unknown as BatchRecord;

describe('a Ledger account’s request waiting for its turn', () => {
  it('the first left unanswered on the device: a minute on, the second is refused in words, nothing built for it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const services = { batches: fakeBatches([waiting('first'), waiting('second')]) };
    const build = vi.fn();
    const refused = saysInWords(inTurn(services as never, { origin: SITE, batchId: 'second', from: LEDGER }, async () => [{ origin: SITE, batchId: 'first', from: LEDGER }], build));
    await vi.advanceTimersByTimeAsync(TURN_WAIT_MS + 1_000);
    expect(await refused).toEqual({ key: 'errors_earlierOnDevice', values: { address: LEDGER } });
    expect(build).not.toHaveBeenCalled();
  });

  it('builds nothing for a request whose record was altered in storage (a content script on Firefox): read unchecked, its chain decided the turn and its createdAt was kept with what the device signs', async () => {
    const services = { batches: fakeBatches([waiting('second')], (batch) => batch.id === 'second') };
    const build = vi.fn();
    expect(await saysInWords(inTurn(services as never, { origin: SITE, batchId: 'second', from: LEDGER }, async () => [], build))).toEqual({ key: 'errors_batchAltered' });
    expect(build).not.toHaveBeenCalled();
  });
});
