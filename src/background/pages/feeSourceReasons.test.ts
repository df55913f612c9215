/**
 * Why a batch's review offers no fee in USDC, as the worker's later script plans it (./usdcQuoteReasons.ts): the
 * wallet's refusal in words, a server's message inside the wallet's sentence, both bounded as a server's words are.
 */
import { describe, expect, it } from 'vitest';
import { RpcError } from '../../shared/errors';
import { english } from '../../shared/fees.fixture';
import type { Hex } from '../../shared/params';
import type { Words } from '../../shared/words';
import * as usdcCode from '../batches/executors/usdcCode';
import * as feeOptions from '../batches/feeOptions';
import { lazyUsdcBatchCode } from '../batches/lazyUsdcBatchCode';
import { prepareBatch } from '../batches/prepare';
import type { BatchRecord } from '../batches/types';
import { NETWORK, PAYMASTER, TOKEN, usdcChain, type UsdcChain } from '../batches/usdcChain.fixture';
import { WALLET_SENTENCE } from './refusals.fixture';
import * as usdcQuoteReasons from './usdcQuoteReasons';
import { nodeSaid } from '../../shared/errors.fixture';

const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const code = lazyUsdcBatchCode(async () => ({ ...usdcCode, ...feeOptions, ...usdcQuoteReasons }) as never);

/** An account without ETH sending nothing: USDC's reason, checked to say its English in words. */
async function usdcReason(chain: UsdcChain) {
  const fees = { maxFeePerGas: Promise.resolve(2_000_000_000n), bundler: { node: async () => chain.bundler, host: 'bundler.example' }, code };
  const planned: BatchRecord = await prepareBatch(chain.node, NETWORK, { id: 'b', origin: 'https://dapp.example', from: FROM, calls: [{ to: TOKEN, value: '0x0', data: '0x' }] }, { atomicRequired: true, capabilities: {} }, true, undefined, fees);
  const [message, words] = [planned.feeReasons![1], planned.feeReasonWords![1]];
  english({ message, words });
  return { message, words };
}

describe("why a batch's review offers no fee in USDC", () => {
  it("is the wallet's refusal in words: the paymaster paused", async () => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    chain.owner({ paused: true });
    expect((await usdcReason(chain)).words).toEqual({ key: 'fees_quoteFailed', values: { reason: { key: 'errors_usdcPaused', values: { paymaster: PAYMASTER } } } });
  });

  it("is a bundler's message as written inside the wallet's sentence, though it reads as a refusal of the wallet's", async () => {
    const { words } = await usdcReason(usdcChain({ eth: 0n, usdc: 100_000_000n }, new RpcError(-32000, WALLET_SENTENCE)));
    expect(words).toEqual({ key: 'fees_quoteFailed', values: { reason: { key: 'errors_bundlerFailed', values: { host: 'bundler.example', why: WALLET_SENTENCE } } } });
  });

  it("is in words whatever data the bundler's error carries: a text there took the words from the wallet's sentence around it", async () => {
    for (const data of ['0x08c379a0', 7, ['a'], null]) {
      const { words } = await usdcReason(usdcChain({ eth: 0n, usdc: 100_000_000n }, nodeSaid(-32000, 'paused', data)));
      expect(words, JSON.stringify(data)).toEqual({ key: 'fees_quoteFailed', values: { reason: { key: 'errors_bundlerFailed', values: { host: 'bundler.example', why: { key: 'errors_serverAnswered', values: { said: 'paused' } } } } } });
    }
  });

  it("is in words when the bundler's message makes it longer than a line: what the bundler said bounded, the wallet's sentence around it said", async () => {
    const long = `${'the bundler says far more than a line '.repeat(20)}`;
    const { message, words } = await usdcReason(usdcChain({ eth: 0n, usdc: 100_000_000n }, nodeSaid(-32000, long)));
    expect(message.length).toBeGreaterThan(300);
    const why = ((words.values!.reason as Words).values!.why as Words);
    expect(words).toMatchObject({ key: 'fees_quoteFailed', values: { reason: { key: 'errors_bundlerFailed', values: { host: 'bundler.example', why: { key: 'errors_serverAnswered' } } } } });
    expect([...(why.values!.said as string)].length).toBeLessThanOrEqual(300);
  });
});
