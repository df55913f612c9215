/**
 * Two sponsored batches of one account back to back: the second's EntryPoint nonce is read from the chain, which knows
 * nothing of the bundler's pool, and a bundler refuses (AA25) the next nonce while the op before it is in its pool, so
 * the second is drafted and signed only once the first has run on chain (the user's node says so, never the bundler).
 */
import { Wallet, toBeHex, zeroPadValue } from 'ethers';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIMPLE_7702_ACCOUNT, delegationCode } from '../../../shared/contracts';
import type { RpcUserOperation } from '../../../shared/erc4337';
import { LOCAL_DEVNET } from '../../../shared/networks';
import type { Hex } from '../../../shared/params';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { lazyUserOperationCode } from '../lazyUserOperationCode';
import { sendBatch } from '../run';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS } from '../types';
import type { BatchDeps } from './executor';
import * as userOperationCode from './userOperationCode';
import { PREVIOUS_OPERATION_WAIT_MS } from './userOperationQueue';

const PAYMASTER = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
const fields = { paymaster: PAYMASTER, paymasterData: '0x01', paymasterVerificationGasLimit: '0x1', paymasterPostOpGasLimit: '0x0' };
vi.mock('../../paymaster/client', () => ({
  getPaymasterStubData: async () => fields,
  getPaymasterData: async () => fields,
}));
const { sponsored } = await import('./sponsored');

const wallet = Wallet.createRandom();
const FROM = wallet.address as Hex;
const SITE = 'https://dapp.example';

/** The user's node: its head, and how many of the ops the bundler took have run (each used an EntryPoint nonce). */
let chain: { head: number; ran: number; upgraded: boolean };
/** What the bundler was sent. */
let sent: RpcUserOperation[];

const node = async <T>(method: string): Promise<T> => {
  const answers: Record<string, unknown> = {
    eth_blockNumber: toBeHex(chain.head), eth_call: zeroPadValue(toBeHex(chain.ran), 32), eth_getTransactionCount: chain.upgraded ? '0x1' : '0x0',
    eth_getCode: chain.upgraded ? delegationCode(SIMPLE_7702_ACCOUNT) : '0x', eth_getBlockByNumber: { baseFeePerGas: '0x1' }, eth_maxPriorityFeePerGas: '0x1',
  };
  if (!(method in answers)) throw new Error(`the node was asked ${method}`);
  return answers[method] as T;
};
const bundler = async <T>(method: string, params: unknown[] = []): Promise<T> => {
  if (method === 'eth_estimateUserOperationGas') return { callGasLimit: '0x10', verificationGasLimit: '0x10', preVerificationGas: '0x10' } as T;
  if (method === 'eth_sendUserOperation') return (sent.push(params[0] as RpcUserOperation), `0x${'ab'.repeat(32)}`) as T;
  throw new Error(`the bundler was asked ${method}`);
};

/** The first sent op runs on chain in the next block, upgrading the account when it carries the authorization. */
function land() {
  chain.head++;
  chain.upgraded ||= sent[chain.ran].eip7702Auth !== undefined;
  chain.ran++;
}

/** Two batches of the account planned while it was not upgraded (both upgrade), the first sent. */
async function firstSent() {
  const local = typedStorage(memoryBackend(), BATCHES_DEFAULTS);
  const batches = createBatchStore(local, createSealer(memoryKeyStore()));
  const deps = {
    batches, nodeFor: async () => node, bundlerFor: async () => bundler, accounts: { signer: async () => wallet }, loops: { watch: () => () => undefined },
    detection: { stored: async () => undefined }, userOperationCode: lazyUserOperationCode(async () => userOperationCode),
  } as unknown as BatchDeps;
  for (const id of ['first', 'second']) {
    const planned = await sponsored.plan(
      { node, network: LOCAL_DEVNET, upgraded: false, sponsorship: { url: 'https://pm.example/rpc', context: {} } },
      { id, origin: SITE, from: FROM, calls: [{ to: PAYMASTER, value: '0x0', data: '0x' }] },
    );
    await batches.add(planned);
  }
  await sendBatch(deps, SITE, 'first');
  return { batches, local, second: () => sendBatch(deps, SITE, 'second') };
}

describe('two sponsored batches of one account, back to back', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    chain = { head: 16, ran: 0, upgraded: false };
    sent = [];
  });
  afterEach(() => vi.useRealTimers());

  it('sends the second once the first has run on chain, at the next EntryPoint nonce and without a second authorization', async () => {
    const { second } = await firstSent();
    const sending = second();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent).toHaveLength(1);
    land();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await sending).toMatchObject({ state: 'sent', upgrade: false });
    expect(sent.map((op) => BigInt(op.nonce))).toEqual([0n, 1n]);
    expect(sent[0].eip7702Auth).toBeDefined();
    expect(sent[1].eip7702Auth).toBeUndefined();
  });

  it('refuses the second when the first has not run within the bound: nothing signed or sent, its id free again', async () => {
    const { batches, second } = await firstSent();
    const refused = expect(second()).rejects.toMatchObject({ code: -32002, message: expect.stringMatching(/^The previous operation of 0x[0-9a-fA-F]{40} has not run on chain yet/) });
    await vi.advanceTimersByTimeAsync(PREVIOUS_OPERATION_WAIT_MS + 5_000);
    await refused;
    expect(sent).toHaveLength(1);
    expect(await batches.get(SITE, 'second')).toBeUndefined();
  });

  // A paymaster whose data expired, or a bundler that refused or holds the op and never lands it: the op stays pending
  // (its nonce unused) until a Cancel paid in ETH, which an account paying its fees in USDC does not have.
  it('waits no more for a userOp that has not run a bound after it was sent: the next takes its nonce, so only one of the two can run', async () => {
    const { second } = await firstSent();
    await vi.advanceTimersByTimeAsync(PREVIOUS_OPERATION_WAIT_MS);
    const sending = second().catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(1_000);
    const soon = sent.map((op) => BigInt(op.nonce));
    await vi.advanceTimersByTimeAsync(PREVIOUS_OPERATION_WAIT_MS + 5_000);
    expect(await sending).toMatchObject({ state: 'sent', upgrade: true });
    expect(soon).toEqual([0n, 0n]);
  });

  // A content script can write storage.local: a record it planted, of an op that never runs, must not hold the account.
  it('does not wait for a userOp in a record the wallet did not write', async () => {
    const { local, second } = await firstSent();
    land();
    await local.update('batches', (all) => {
      const first = Object.values(all).find((b) => b.id === 'first')!;
      const planted = { ...first, id: 'planted', userOperation: { ...first.userOperation!, op: { ...first.userOperation!.op, nonce: '0x7' as Hex } } };
      return { ...all, [`${SITE} planted`]: planted };
    });
    const sending = second().catch((error: Error) => error.message);
    await vi.advanceTimersByTimeAsync(PREVIOUS_OPERATION_WAIT_MS + 5_000);
    expect(await sending).toMatchObject({ state: 'sent' });
    expect(sent.map((op) => BigInt(op.nonce))).toEqual([0n, 1n]);
  });
});
