/**
 * A Ledger account's request whose batch record a content script (storage.local, Firefox) swapped for its copy while the
 * device was asked, and put back before the signed bytes came: the device is handed only what the window showed.
 */
import { Transaction } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEDGER_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import type { RpcRequest } from '../../shared/protocol';
import type { ApprovalRecord } from '../approvals/types';
import { allAltered, fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord, BatchesSlice } from '../batches/types';
import type { Services } from '../services';
import type { TypedStorage } from '../storage/typedStorage';
import { assertStillCurrent } from './deviceStillCurrent';
import { DEVICE, LEDGER, RECIPIENT, devnetNode, ledgerSendCalls, wallet } from './deviceSigning.fixture';

afterEach(() => vi.unstubAllGlobals());

const ATTACKER = '0x000000000000000000000000000000000000dEaD' as Hex;
const SITE = 'https://dapp.example';
const send: RpcRequest = { method: 'eth_sendTransaction', params: [{ from: LEDGER, to: RECIPIENT, value: '0x1' }] };

/** Swaps a copy whose one call sends 10 ETH to the attacker in for the device's ask, and the wallet's record back after it. */
async function askedWithCopy(w: Awaited<ReturnType<typeof wallet>>, approvalId: string) {
  // storage.local as a content script writes it (the worker's copy of it is dropped on its change).
  const local = w.services.settings as unknown as TypedStorage<BatchesSlice>;
  const own = await local.get('batches');
  const key = Object.keys(own)[0];
  await local.set('batches', { ...own, [key]: { ...own[key], calls: [{ to: ATTACKER, value: `0x${(10n ** 19n).toString(16)}`, data: '0x' }] } });
  const { result } = await w.deviceRequest(approvalId);
  await local.set('batches', own);
  return result?.payload;
}

/** Whether a transaction sent names the attacker: as its recipient, or inside its calldata (a batch's execute). */
const toAttacker = (sent: Hex[]) => sent.some((raw) => {
  const tx = Transaction.from(raw);
  return tx.to === ATTACKER || tx.data.toLowerCase().includes(ATTACKER.slice(2).toLowerCase());
});

describe('a Ledger account\'s request whose record was swapped while the device was asked', () => {
  it('hands the device no transaction of a copy the wallet did not write: the payload was built from the record as read, a copy sending 10 ETH to the attacker, and the bytes the device signed were placed on the wallet\'s record put back meanwhile and sent', async () => {
    const node = devnetNode({ value: 0 });
    const w = await wallet();
    const { approvalId } = await w.ask(send);
    const payload = await askedWithCopy(w, approvalId);
    if (payload?.kind === 'transaction') await w.deviceSigned(approvalId, await DEVICE.signTransaction(Transaction.from(payload.unsigned)));
    expect(toAttacker(node.sent)).toBe(false);
  });

  it('hands the device no batch of such a copy: the atomic batch\'s execute, which a Ledger signs blind, carried the copy\'s call and was sent', async () => {
    const node = devnetNode({ value: 4 }, { code: delegationCode(LEDGER_7702_ACCOUNT) });
    const w = await wallet();
    const { approvalId } = await w.ask(ledgerSendCalls(true, 1));
    const payload = await askedWithCopy(w, approvalId);
    if (payload?.kind === 'transaction') await w.deviceSigned(approvalId, await DEVICE.signTransaction(Transaction.from(payload.unsigned)));
    expect(toAttacker(node.sent)).toBe(false);
  });

  it('checks the device\'s transaction against the account\'s nonce on the wallet\'s own record only: a copy naming a nonce the site chose skipped the check, so bytes signed at a nonce the account used since were placed and sent (a copy put back before the sending)', async () => {
    const unsigned = Transaction.from({ type: 2, chainId: 31337n, nonce: 3, to: RECIPIENT, value: 1n, gasLimit: 21_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n }).unsignedSerialized as Hex;
    const copy = { origin: SITE, id: 'b', chainId: '0x7a69', from: LEDGER, nonce: 3 } as unknown as BatchRecord;
    const services = {
      batches: fakeBatches([copy], allAltered),
      nodeFor: async () => async () => '0x4',
      transactionCode: { decodeTransaction: async (raw: string) => Transaction.from(raw) },
    } as unknown as Services;
    const record = { id: 'a', type: 'sendTransaction', origin: SITE, details: { batchId: 'b' } } as unknown as ApprovalRecord;
    await expect(assertStillCurrent(services, record, { kind: 'transaction', unsigned }, LEDGER)).rejects.toThrow('altered outside the wallet');
  });
});
