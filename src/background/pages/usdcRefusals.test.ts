/**
 * The refusals of a fee in USDC that the Send meets (its quote's reason, the pages' errors) carry their words, which
 * say in English exactly what the code that refuses wrote: each is made here by that code, never copied.
 */
import { AbiCoder, id } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import { RpcError } from '../../shared/errors';
import type { ChainNode } from '../networks/rpcClient';
import { planUsdc } from '../batches/executors/usdcCode';
import { PREVIOUS_OPERATION_WAIT_MS, afterPreviousOperations } from '../batches/executors/userOperationQueue';
import { fakeBatches } from '../batches/storeFake.fixture';
import { NETWORK, usdcChain } from '../batches/usdcChain.fixture';
import { saysInWords } from './refusals.fixture';
import { assertAdmits } from '../usdcFees/admits';
import { readPermitToken } from '../usdcFees/permit';
import { readPaymasterTerms } from '../usdcFees/terms';
import { payInUsdc, planUsdcFee } from '../usdcFees/userOperation';

const PAYMASTER: Hex = '0x0578cFB241215b77442a541325d6A4E6dFE700Ec';
const TOKEN: Hex = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const SENDER: Hex = '0x00000000000000000000000000000000000000a1';
const word = (value: bigint) => AbiCoder.defaultAbiCoder().encode(['uint256'], [value]);
const selector = (signature: string) => id(signature).slice(0, 10);

/** A node whose paymaster answers `answers` by selector (a getter it lacks reverts), with code unless told. */
function node(answers: Record<string, unknown>, code = '0x6080'): ChainNode {
  return (async (method: string, params: unknown[] = []) => {
    if (method === 'eth_getCode') return code;
    const answer = answers[(params[0] as { data: string }).data.slice(0, 10)];
    if (answer === undefined) throw new Error('execution reverted');
    return answer;
  }) as ChainNode;
}
const text = (value: string) => AbiCoder.defaultAbiCoder().encode(['string'], [value]);
const PERMIT = { [selector('name()')]: text('USD Coin'), [selector('version()')]: text('2'), [selector('nonces(address)')]: word(0n) };
const TERMS = { [selector('fetchPrice()')]: word(3_000_000_000n), [selector('feeSpread()')]: word(1_000n), [selector('additionalGasCharge()')]: word(30_000n) };

describe('the words of a fee in USDC refused', () => {
  it('say the paymaster paused or refusing the account, its address and the account as written', async () => {
    expect(await saysInWords(assertAdmits(node({ [selector('paused()')]: word(1n) }), PAYMASTER, SENDER)))
      .toEqual({ key: 'errors_usdcPaused', values: { paymaster: PAYMASTER } });
    expect(await saysInWords(assertAdmits(node({ [selector('denied(address)')]: word(1n) }), PAYMASTER, SENDER)))
      .toEqual({ key: 'errors_usdcDenied', values: { paymaster: PAYMASTER, sender: SENDER } });
  });

  it('say the fee over the approved cap with both amounts as numbers the language writes', async () => {
    const plan = { op: { maxFeePerGas: '0x77359400', callGasLimit: '0x186a0', verificationGasLimit: '0x30d40', preVerificationGas: '0xc350' }, paymaster: { paymaster: PAYMASTER, token: TOKEN } };
    const signer = { address: SENDER, signTypedData: async () => '0x' };
    const words = await saysInWords(payInUsdc(node({ ...TERMS, ...PERMIT }), signer, '0x2105', plan as never, 1n));
    expect(words).toMatchObject({ key: 'errors_usdcOverCap', values: { maximum: { decimal: '0.000001' }, needed: { decimal: expect.stringMatching(/^\d+\.\d+$/) } } });
  });

  it("say the paymaster's terms unread (no code, a garbled word, no price) and the token's permit unreadable", async () => {
    expect((await saysInWords(readPaymasterTerms(node(TERMS, '0x'), PAYMASTER))).key).toBe('errors_noUsdcPaymasterAt');
    expect(await saysInWords(readPaymasterTerms(node({ ...TERMS, [selector('feeSpread()')]: '"-1"' }), PAYMASTER)))
      .toEqual({ key: 'errors_usdcTermsWord', values: { paymaster: PAYMASTER, getter: 'feeSpread', answer: '"\\"-1\\""' } });
    expect((await saysInWords(readPaymasterTerms(node({ ...TERMS, [selector('fetchPrice()')]: word(0n) }), PAYMASTER))).key).toBe('errors_usdcNoPrice');
    expect(await saysInWords(readPermitToken(node({}), TOKEN, SENDER))).toMatchObject({ key: 'errors_permitUnread', values: { token: TOKEN } });
  });

  it("say a bundler's estimate that is no gas limits, its answer as written", async () => {
    const { node: chainNode } = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const op = { sender: SENDER, nonce: '0x0', callData: '0x', callGasLimit: '0x0', verificationGasLimit: '0x0', preVerificationGas: '0x0', maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x1', signature: '0x' };
    const bundler = (async () => ({ callGasLimit: '-1', verificationGasLimit: '0x1', preVerificationGas: '0x1' })) as ChainNode;
    expect(await saysInWords(planUsdcFee(chainNode, bundler, NETWORK.usdcPaymaster!, op as never, 1n)))
      .toEqual({ key: 'errors_bundlerEstimate', values: { answer: '{"callGasLimit":"-1","verificationGasLimit":"0x1","preVerificationGas":"0x1"}' } });
  });

  it("say which bundler failed, what it wrote kept as written: a bundler's message is no sentence of the wallet's", async () => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n }, new RpcError(-32000, 'The wallet is locked'));
    const context = { node: chain.node, network: NETWORK, upgraded: false, usdc: { bundler: chain.bundler, host: 'bundler.example', code: {} } };
    const planning = planUsdc(context as never, { id: 'b', origin: 'https://dapp.example', from: SENDER, calls: [{ to: TOKEN, value: '0x0', data: '0x' }] });
    expect(await saysInWords(planning)).toEqual({ key: 'errors_bundlerFailed', values: { host: 'bundler.example', why: 'The wallet is locked' } });
  });

  it("say the account's previous userOp not run yet (a second Send in USDC right after the first), the account as written", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'Date'] });
    const pending = { chainId: '0x7a69', from: SENDER, userOperation: { op: { sender: SENDER, nonce: '0x0' }, sent: true, sentAt: Date.now() } };
    const chain = (async (method: string) => (method === 'eth_blockNumber' ? '0x10' : word(0n))) as ChainNode;
    const deps = { batches: fakeBatches([pending as never]), nodeFor: async () => chain, detection: { stored: async () => undefined } };
    const refused = saysInWords(afterPreviousOperations(deps as never, { chainId: '0x7a69', from: SENDER } as never));
    await vi.advanceTimersByTimeAsync(PREVIOUS_OPERATION_WAIT_MS + 2_000);
    vi.useRealTimers();
    expect(await refused).toEqual({ key: 'errors_previousOperation', values: { address: SENDER } });
  });
});
