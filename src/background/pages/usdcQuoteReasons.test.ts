/**
 * Why the Send's fee in USDC failed, as the popup gets it: the wallet's refusal in words, and a server's message inside
 * the wallet's sentence as written, never read as a refusal of the wallet's (serverClaims.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import { RpcError } from '../../shared/errors';
import { english } from '../../shared/fees.fixture';
import { LOCAL_DEVNET } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { SendUsdcQuote } from '../../shared/send';
import type { UsdcBatchCode } from '../batches/executors/executor';
import type { ChainNode } from '../networks/rpcClient';
import { hasInvisible } from '../../shared/displayText';
import { HIDING, WALLET_SENTENCE } from './refusals.fixture';
import { nodeSaid } from '../../shared/errors.fixture';

const planUsdc = vi.fn<(...args: unknown[]) => Promise<never>>();
vi.mock('../batches/executors/usdcCode', () => ({ planUsdc }));
const { usdcSendQuote } = await import('./usdcQuoteReasons');

const PAYMASTER = LOCAL_DEVNET.usdcPaymaster!.paymaster;
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
/** A node where the account holds 100 USDC and has no code. */
const node = (async (method: string) => (method === 'eth_call' ? word(100_000_000n) : method === 'eth_getCode' ? '0x' : null)) as ChainNode;
const bundler = { node: async () => (async () => null) as unknown as ChainNode, host: '127.0.0.1:4337' };

/** The reason's words, once checked to say its English. */
async function reasonWords(failure: Error, asked = node) {
  planUsdc.mockRejectedValue(failure);
  const quote = (await usdcSendQuote(asked, { network: LOCAL_DEVNET, origin: 'chrome-extension://wallet', from: `0x${'a1'.padStart(40, '0')}` as Hex, call: { to: PAYMASTER, value: '0x0', data: '0x' }, fees: { bundler, code: {} as UsdcBatchCode } })) as Extract<SendUsdcQuote, { offered: false }>;
  english({ message: quote.reason, words: quote.words! });
  return { reason: quote.reason, words: quote.words };
}

describe("why the Send's fee in USDC failed", () => {
  it("is the wallet's refusal in words: the paymaster paused", async () => {
    const paused = `The USDC paymaster at ${PAYMASTER} is paused: it takes no fee now; nothing was signed or sent`;
    expect(await reasonWords(new RpcError(4300, paused))).toEqual({
      reason: `No quote for a fee in USDC: ${paused}`,
      words: { key: 'fees_quoteFailed', values: { reason: { key: 'errors_usdcPaused', values: { paymaster: PAYMASTER } } } },
    });
  });

  it("is a server's message inside the wallet's sentence as written, though it reads as a refusal of the wallet's", async () => {
    expect(await reasonWords(nodeSaid(-32000, WALLET_SENTENCE))).toEqual({
      reason: `No quote for a fee in USDC: The network's server answered: ${WALLET_SENTENCE}`,
      words: { key: 'fees_quoteFailed', values: { reason: { key: 'errors_serverAnswered', values: { said: WALLET_SENTENCE } } } },
    });
  });

  it("is a node's words cleaned and bounded as a batch's review bounds them, though no refusal of the wallet's quotes them", async () => {
    // A balance that is no number: the error that says so quotes what the node wrote.
    const garbled = (async (method: string) => (method === 'eth_call' ? `0x${HIDING}` : '0x')) as ChainNode;
    const { reason, words } = await reasonWords(new Error('not asked'), garbled);
    const said = words!.values!.reason as string;
    expect(said).toContain('Approve evil and more');
    expect(hasInvisible(reason) || [...said].length > 300).toBe(false);
  });
});
