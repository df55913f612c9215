/**
 * The refusals of signing on a Ledger (deviceSigning/deviceSigning.ts, rpc/deviceStillCurrent.ts,
 * rpc/deviceUserOperation.ts, rpc/ownDevicePayloads.ts, rpc/devicePayloads.ts, rpc/deviceBatchPayloads.ts), which the
 * approval window says under its Approve or on its Ledger step, carry their words, which say in English exactly what
 * the code that refuses wrote: each is made here by that code, never copied. A dapp still gets the English message alone.
 */
import { toBeHex } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { DevicePayload } from '../../shared/deviceSigning';
import { toErrorObject, type RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import { fakeBatches } from '../batches/storeFake.fixture';
import type { BatchRecord } from '../batches/types';
import { createDeviceSigning } from '../deviceSigning/deviceSigning';
import { DEVICE_SIGNING_DEFAULTS, type DevicePayloads } from '../deviceSigning/types';
import type { ChainNode } from '../networks/rpcClient';
import { batchPayload } from '../rpc/deviceBatchPayloads';
import { devicePayloads } from '../rpc/devicePayloads';
import { assertStillCurrent } from '../rpc/deviceStillCurrent';
import { assertOperationCurrent, userOperationPayload } from '../rpc/deviceUserOperation';
import { revocationPayload, signInPayload } from '../rpc/ownDevicePayloads';
import type { Services } from '../services';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { pageError } from './refusalWords';
import { saysInWords } from './refusals.fixture';

const LEDGER: Hex = '0x00000000000000000000000000000000000000aa';
const OTHER: Hex = '0x00000000000000000000000000000000000000bb';
const ID = '4c6f2a9e-1b7d-4f2a-9c3e-5d8b7a6f1e20';
const SITE = 'https://dapp.example';
const record = (type: string, details: object) => ({ id: ID, type, method: type, origin: SITE, details, createdAt: 0 }) as unknown as ApprovalRecord;
const batch = (fields: Partial<BatchRecord> = {}) => ({
  id: 'b7', origin: SITE, chainId: '0x7a69', from: LEDGER, atomic: true, upgrade: false, calls: [], gasLimits: ['0x5208'], state: 'awaiting-approval', transactions: [], createdAt: 0, ...fields,
}) as BatchRecord;
/** A node answering each method as `answers` says. */
const node = (answers: Record<string, string>) => (async (method: string) => answers[method]) as unknown as ChainNode;
/** The services holding `held` as the one batch, the node answering `answers`. */
const services = (held?: BatchRecord, answers: Record<string, string> = {}) => ({
  batches: fakeBatches(held ? [held] : []),
  nodeFor: async () => node(answers),
  transactionCode: { decodeTransaction: async () => ({ nonce: 3 }) },
}) as unknown as Services;

/** The device signing of a wallet whose Ledger accounts are LEDGER and OTHER, `pending` its one request. */
const deviceSigning = (pending: ApprovalRecord) => createDeviceSigning({
  session: typedStorage(memoryBackend(), DEVICE_SIGNING_DEFAULTS),
  approvals: { pending: async () => [pending], settle: async () => undefined },
  accounts: { ledgerPath: async () => "44'/60'/0'/0/0" },
  payloads: {} as DevicePayloads,
});

describe('the words of the device\'s request refused', () => {
  it('say two Ledger accounts cannot sign one request', async () => {
    const revert = record('revertForeignDelegation', { account: LEDGER, batchId: 'b7' });
    expect(await saysInWords(deviceSigning(revert).request(ID, OTHER))).toEqual({ key: 'errors_twoLedgers', values: { first: OTHER, second: LEDGER } });
  });

  it('say the request asked the device for no signature, or for no upgrade', async () => {
    const message = record('signMessage', { account: LEDGER });
    expect(await saysInWords(deviceSigning(message).signed(ID, '0x01'))).toEqual({ key: 'errors_deviceNotAsked', values: { id: ID } });
    expect(await saysInWords(deviceSigning(message).refusedUpgrade(ID))).toEqual({ key: 'errors_deviceNoUpgrade', values: { id: ID } });
  });
});

describe('the words of a payload refused', () => {
  it('say a request with no sign-in, and one a Ledger cannot sign yet', async () => {
    expect(await saysInWords(() => signInPayload(record('connect', {}) as ApprovalRecord<'connect'>, LEDGER))).toEqual({ key: 'errors_noSignIn', values: { id: ID } });
    expect(await saysInWords(devicePayloads(services()).build(record('addEthereumChain', {}), undefined, LEDGER)))
      .toEqual({ key: 'errors_ledgerCannotSign', values: { type: 'addEthereumChain' } });
  });

  it('say a revert no longer waiting, and one a Ledger account pays for another', async () => {
    const revert = record('revertForeignDelegation', { account: OTHER, batchId: 'b7' }) as ApprovalRecord<'revertForeignDelegation'>;
    expect(await saysInWords(revocationPayload(services(), revert, OTHER, LEDGER))).toEqual({ key: 'errors_revertNotWaiting', values: { id: ID } });
    expect(await saysInWords(revocationPayload(services(batch()), revert, OTHER, LEDGER))).toEqual({ key: 'errors_ledgerRevertPayer', values: { address: OTHER } });
  });

  it('say a batch a Ledger does not sign, and a sponsored one with no approved paymaster', async () => {
    const send = record('sendCalls', { batchId: 'b7', from: LEDGER }) as ApprovalRecord<'sendCalls'>;
    expect(await saysInWords(batchPayload(services(batch({ executor: 'usdc' })), send))).toEqual({ key: 'errors_ledgerExecutor', values: { executor: 'usdc' } });
    expect(await saysInWords(userOperationPayload(services(), batch({ sponsor: { url: 'https://pm.example', context: {} } }))))
      .toEqual({ key: 'errors_noApprovedPaymaster', values: { id: 'b7' } });
  });
});

describe('the words of a signed payload no longer current', () => {
  it('say a transaction the account outran, the nonces as written', async () => {
    const payload = { kind: 'transaction', unsigned: '0x02' } as DevicePayload;
    expect(await saysInWords(assertStillCurrent(services(batch(), { eth_getTransactionCount: '0x5' }), record('sendTransaction', { batchId: 'b7' }), payload, LEDGER)))
      .toEqual({ key: 'errors_nonceTakenSince', values: { address: LEDGER, nonce: '3', next: '5' } });
  });

  it('say a userOp whose EntryPoint nonce, or whose authorization\'s nonce, was used since', async () => {
    const payload = (authorization?: object) => ({ kind: 'userOperation', operation: { sender: LEDGER, nonce: '0x5' }, typedData: { domain: { chainId: '0x7a69' } }, ...(authorization ? { authorization } : {}) }) as unknown as DevicePayload & { kind: 'userOperation' };
    const used = services(undefined, { eth_blockNumber: '0x10', eth_call: toBeHex(6, 32) });
    expect(await saysInWords(assertOperationCurrent(used, payload())))
      .toEqual({ key: 'errors_operationStale', values: { address: LEDGER, stale: { key: 'errors_staleEntryPointNonce', values: { nonce: '5' } } } });
    const moved = services(undefined, { eth_blockNumber: '0x10', eth_call: toBeHex(5, 32), eth_getTransactionCount: '0x4' });
    expect(await saysInWords(assertOperationCurrent(moved, payload({ address: OTHER, chainId: '0x7a69', nonce: '0x3' }))))
      .toEqual({ key: 'errors_operationStale', values: { address: LEDGER, stale: { key: 'errors_staleAuthorizationNonce', values: { nonce: '3' } } } });
  });
});

describe('a dapp', () => {
  it('gets the English message alone, the screens its words too', async () => {
    const refusal = (await batchPayload(services(batch({ executor: 'usdc' })), record('sendCalls', { batchId: 'b7' }) as ApprovalRecord<'sendCalls'>).catch((error: RpcError) => error)) as RpcError;
    expect(toErrorObject(refusal)).toEqual({ code: -32602, message: refusal.message });
    expect(pageError(refusal).data).toMatchObject({ words: { key: 'errors_ledgerExecutor' } });
  });
});
