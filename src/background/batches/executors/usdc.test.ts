/**
 * A batch whose fee is paid in USDC, once approved: drafted and estimated again, the permit signed for the approved
 * cap, sent to the bundler; nothing signed or sent when the fee could now exceed the cap, or when the user's pick was
 * not offered.
 */
import { Interface, parseEther } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RpcError } from '../../../shared/errors';
import type { RpcUserOperation } from '../../../shared/erc4337';
import type { FeeSource } from '../../../shared/fees';
import type { Hex } from '../../../shared/params';
import { deriveWallet } from '../../accounts/keys';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import * as feeOptions from '../feeOptions';
import { lazyUsdcBatchCode } from '../lazyUsdcBatchCode';
import * as paidWith from '../paidWith';
import * as usdcSendQuote from '../usdcSendQuote';
import * as paidFee from '../../usdcFees/paidFee';
import { prepareBatch } from '../prepare';
import { sendBatch } from '../run';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS } from '../types';
import { NETWORK, PAYMASTER, TOKEN, permitAmount, permitSigner, usdcChain, type UsdcChain } from '../usdcChain.fixture';
import type { BatchDeps } from './executor';
import * as usdcCode from './usdcCode';
import * as userOperationCode from './userOperationCode';
import { lazyUserOperationCode } from '../lazyUserOperationCode';
import { PREVIOUS_OPERATION_WAIT_MS } from './userOperationQueue';
import { nodeSaid } from '../../../shared/errors.fixture';

const wallet = deriveWallet('test test test test test test test test test test test junk', 0);
const FROM = wallet.address as Hex;
const SITE = 'https://dapp.example';
const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const code = lazyUsdcBatchCode(async () => ({ ...usdcCode, ...feeOptions, ...paidWith, ...usdcSendQuote, ...paidFee }));

/** The batch planned on `chain` and stored awaiting approval, and the deps that send it. */
async function planned(chain: UsdcChain, id = 'b', store?: { local: ReturnType<typeof typedStorage<typeof BATCHES_DEFAULTS>>; batches: ReturnType<typeof createBatchStore> }) {
  const calls = [{ to: TOKEN, value: '0x0' as Hex, data: ERC20.encodeFunctionData('transfer', ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 10_000_000n]) as Hex }];
  const fees = { maxFeePerGas: Promise.resolve(2_000_000_000n), bundler: { node: async () => chain.bundler, host: 'bundler.example' }, code };
  const batch = await prepareBatch(chain.node, NETWORK, { id, origin: SITE, from: FROM, calls }, { atomicRequired: true, capabilities: {} }, true, undefined, fees);
  const local = store?.local ?? typedStorage(memoryBackend(), BATCHES_DEFAULTS);
  const batches = store?.batches ?? createBatchStore(local, createSealer(memoryKeyStore()));
  await batches.add(batch);
  const deps = {
    batches, usdcBatchCode: code, userOperationCode: lazyUserOperationCode(async () => userOperationCode), nodeFor: async () => chain.node, bundlerFor: async () => chain.bundler, accounts: { signer: async () => wallet },
    loops: { watch: () => () => undefined }, detection: { stored: async () => undefined },
  } as unknown as BatchDeps;
  return { batch, batches, local, send: (feeSource?: FeeSource) => sendBatch(deps, SITE, id, feeSource ? { feeSource } : {}) };
}

describe('a batch paid in USDC, approved', () => {
  it('is drafted again with the real authorization and sent with a permit of the approved cap, never above the planned fee per gas', async () => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const { batch, send } = await planned(chain);
    const sent = await send();
    expect(sent.state).toBe('sent');
    const [op] = chain.sent as RpcUserOperation[];
    expect(op.paymaster).toBe(PAYMASTER);
    expect(permitAmount(op)).toBe(BigInt(batch.usdcFee!.maximum));
    expect(op.eip7702Auth?.r).not.toBe(`0x${'11'.repeat(32)}`);
    expect(BigInt(op.maxFeePerGas)).toBeLessThanOrEqual(BigInt(batch.usdcFee!.maxFeePerGas));
    expect(sent.userOperation?.op).toEqual(op);
  });

  it('signs at the planned fee per gas when fees rose since: the cap was priced at it', async () => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const { batch, send } = await planned(chain);
    chain.baseFee(5_000_000_000n);
    await send();
    const [op] = chain.sent as RpcUserOperation[];
    expect(op.maxFeePerGas).toBe(batch.usdcFee!.maxFeePerGas);
    expect(BigInt(op.maxPriorityFeePerGas)).toBeLessThanOrEqual(BigInt(op.maxFeePerGas));
  });

  it('signs and sends nothing when the price moved past the cap: 4300 saying the fee would exceed the approved maximum, its id free again', async () => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const { batches, send } = await planned(chain);
    chain.price(3_150_000_000n);
    await expect(send()).rejects.toMatchObject({ code: 4300, message: expect.stringMatching(/^The network fee would exceed the approved maximum of [\d.]+ USDC: it could now take up to [\d.]+ USDC; nothing was signed or sent$/) });
    expect(chain.sent).toEqual([]);
    expect(await batches.get(SITE, 'b')).toBeUndefined();
  });

  it.each([
    ['paused the paymaster', { paused: true }, `The USDC paymaster at ${PAYMASTER} is paused: it takes no fee now; nothing was signed or sent`],
    ['denied the account', { denied: true }, `The USDC paymaster at ${PAYMASTER} refuses fees from ${FROM}; nothing was signed or sent`],
  ])('signs and sends nothing when its owner %s since the screen: 4300 saying so, no permit left with a bundler', async (_what, set, message) => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const { batches, send } = await planned(chain);
    chain.owner(set);
    await expect(send()).rejects.toMatchObject({ code: 4300, message });
    expect(chain.sent).toEqual([]);
    expect(await batches.get(SITE, 'b')).toBeUndefined();
  });

  it('signs and sends nothing when the bundler estimates the op again with far larger limits: the cap is checked on the limits signed', async () => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const { batches, send } = await planned(chain);
    const honest = chain.bundler;
    chain.bundler = (async (method: string, params?: unknown[]) => method === 'eth_estimateUserOperationGas'
      ? { callGasLimit: '0x1000000', verificationGasLimit: '0x1000000', preVerificationGas: '0xc350' }
      : honest(method, params)) as typeof honest;
    await expect(send()).rejects.toMatchObject({ code: 4300, message: expect.stringMatching(/^The network fee would exceed the approved maximum/) });
    expect(chain.sent).toEqual([]);
    expect(await batches.get(SITE, 'b')).toBeUndefined();
  });

  it("takes neither the code nor the data of what the bundler answered for the wallet's own: a -32005 with a retryAt is no password wait", async () => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const { send } = await planned(chain);
    const failing = usdcChain({ eth: 0n, usdc: 100_000_000n }, nodeSaid(-32005, 'slow down', { retryAt: Date.now() + 60_000 }));
    chain.bundler = failing.bundler;
    const refused = await send().then(() => undefined, (error: unknown) => error as RpcError);
    expect({ code: refused?.code, data: refused?.data, message: refused?.message }).toEqual({ code: -32000, data: undefined, message: "The bundler at bundler.example failed: The network's server answered: slow down" });
  });

  it('names the bundler that failed when the op is estimated again', async () => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const { send } = await planned(chain);
    const failing = usdcChain({ eth: 0n, usdc: 100_000_000n }, new RpcError(-32500, 'AA23 reverted'));
    chain.bundler = failing.bundler;
    await expect(send()).rejects.toMatchObject({ message: 'The bundler at bundler.example failed: The bundler refused the userOp: the account\'s validation failed' });
  });
});

describe('a batch paid in USDC whose record was changed in storage (a content script can write storage.local)', () => {
  it.each([
    ['a cap 100 times larger', { maximum: (b: string) => (BigInt(b) * 100n).toString() }],
    ['another paymaster', { paymaster: () => ({ paymaster: '0x000000000000000000000000000000000000bad1', token: TOKEN }) }],
  ])('with %s: no permit signed, nothing sent', async (_what, change) => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const { local, send } = await planned(chain);
    await local.update('batches', (all) => {
      const key = `${SITE} b`;
      const fee = all[key].usdcFee!;
      const altered = Object.fromEntries(Object.entries(change).map(([field, f]) => [field, f(fee[field as keyof typeof fee] as string)]));
      return { ...all, [key]: { ...all[key], usdcFee: { ...fee, ...altered } } };
    });
    await expect(send()).rejects.toMatchObject({ message: 'This batch record was altered outside the wallet; it is not acted on' });
    expect(chain.sent).toEqual([]);
  });
});

describe('two batches of the account paid in USDC, back to back', () => {
  // The EntryPoint nonce and the permit's are read from the chain, which knows nothing of the bundler's pool, and a
  // bundler refuses (AA25) the next nonce while the op before it is still in its pool: the second waits for the first.
  afterEach(() => vi.useRealTimers());

  async function twoPlanned() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const first = await planned(chain, 'first');
    const second = await planned(chain, 'second', first);
    await first.send();
    return { chain, first, second };
  }

  it('sends the second once the first has run on chain: the next EntryPoint nonce, the next permit nonce, no second upgrade', async () => {
    const { chain, second } = await twoPlanned();
    expect(second.batch.upgrade).toBe(true);
    const sending = second.send();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(chain.sent).toHaveLength(1);
    expect(chain.nonceReads).toBeGreaterThan(3);
    chain.land();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await sending).toMatchObject({ state: 'sent', upgrade: false });
    const [a, b] = chain.sent as RpcUserOperation[];
    expect(BigInt(b.nonce)).toBe(BigInt(a.nonce) + 1n);
    expect([permitSigner(a, FROM, 0n), permitSigner(b, FROM, 1n)]).toEqual([FROM, FROM]);
    expect(a.eip7702Auth).toBeDefined();
    expect(b.eip7702Auth).toBeUndefined();
  });

  it('refuses the second when the first has not run within the bound: -32002 saying so, nothing signed or sent, its id free again', async () => {
    const { chain, second } = await twoPlanned();
    const sending = second.send();
    const refused = expect(sending).rejects.toMatchObject({
      code: -32002, message: `The previous operation of ${FROM} has not run on chain yet (Activity can cancel it); this batch can run only after it: nothing was signed or sent`,
    });
    await vi.advanceTimersByTimeAsync(PREVIOUS_OPERATION_WAIT_MS + 5_000);
    await refused;
    expect(chain.sent).toHaveLength(1);
    expect(await second.batches.get(SITE, 'second')).toBeUndefined();
  });
});

describe("the user's pick of who pays", () => {
  it('USDC, offered beside ETH: the batch runs as one userOp paid in USDC', async () => {
    const chain = usdcChain({ eth: parseEther('1'), usdc: 100_000_000n });
    const { batch, send } = await planned(chain);
    expect(batch.executor).toBe('atomic');
    const sent = await send('usdc');
    expect(sent).toMatchObject({ executor: 'usdc', atomic: true, upgrade: true, gasLimits: [], state: 'sent' });
    expect(chain.sent).toHaveLength(1);
  });

  it('is refused when the plan did not offer it, or offered nothing: nothing signed or sent, its id free again', async () => {
    const onlyUsdc = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const offered = await planned(onlyUsdc);
    await expect(offered.send('eth')).rejects.toMatchObject({ code: -32602, message: "Paying this batch's fee in ETH was not offered (offered: USDC); nothing was signed or sent" });
    expect(await offered.batches.get(SITE, 'b')).toBeUndefined();
    const neither = await planned(usdcChain({ eth: 0n, usdc: 0n }));
    await expect(neither.send()).rejects.toMatchObject({ message: "Paying this batch's fee in ETH was not offered (neither ETH nor USDC can pay it); nothing was signed or sent" });
    expect(onlyUsdc.sent).toEqual([]);
  });
});
