/** The Send form's fee in USDC: offered with the usdc executor's quote, or why not; a failure is a reason, never a throw. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import { LOCAL_DEVNET } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { english } from '../../shared/fees.fixture';
import type { SendUsdcQuote } from '../../shared/send';
import type { UsdcBatchCode } from './executors/executor';
import type { BatchRecord } from './types';
import { USDC_QUOTE_DEADLINE_MS } from '../usdcFees/deadline';

const planUsdc = vi.fn<(...args: unknown[]) => Promise<Partial<BatchRecord>>>();
vi.mock('./executors/usdcCode', () => ({ planUsdc }));
const { usdcSendQuote } = await import('./usdcSendQuote');

const FROM: Hex = '0x00000000000000000000000000000000000000a1';
const CALL = { to: '0x00000000000000000000000000000000000000b2' as Hex, value: '0x0' as Hex, data: '0x' as Hex };
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`;
const bundler = { node: vi.fn(async () => (async () => null) as unknown as ChainNode), host: '127.0.0.1:4337' };

function node({ usdc = 100_000_000n, code = '0x' } = {}): ChainNode {
  return (async (method: string) => (method === 'eth_call' ? word(usdc) : method === 'eth_getCode' ? code : null)) as ChainNode;
}
/** The quote without its words, once they are checked to read as its English line or reason (every reason here has words). */
function checked(answer: SendUsdcQuote): Omit<SendUsdcQuote, 'words'> {
  const { words, ...rest } = answer;
  expect(words).toBeDefined();
  english({ message: answer.offered ? answer.line : answer.reason, words: words! });
  return rest;
}
const quote = (n: ChainNode, network = LOCAL_DEVNET, withBundler = true) =>
  usdcSendQuote(n, { network, origin: 'chrome-extension://wallet', from: FROM, call: CALL, fees: { ...(withBundler ? { bundler } : {}), code: {} as UsdcBatchCode } });

beforeEach(() => {
  planUsdc.mockReset();
  bundler.node.mockClear();
});

describe("the Send's fee in USDC", () => {
  it("is offered with the plan's quote: the balance, the cap, the fee line rounded up", async () => {
    planUsdc.mockResolvedValue({ usdcFee: { expected: '420000', maximum: '600001' } as BatchRecord['usdcFee'] });
    expect(checked(await quote(node({ code: delegationCode(SIMPLE_7702_ACCOUNT) })))).toEqual({
      offered: true, token: LOCAL_DEVNET.usdcPaymaster!.token, balance: '0x5f5e100', maximum: '0x927c1',
      line: 'Network fee: ≈ 0.42 USDC (at most 0.61 USDC)', atMost: '0.61',
    });
    expect(planUsdc.mock.calls[0][0]).toMatchObject({ upgraded: true, delegate: 'simple7702Account', usdc: { host: '127.0.0.1:4337' } });
  });

  it('is not for a Ledger account, with why, and nothing is asked: its device does not sign a fee in USDC yet', async () => {
    const asked: string[] = [];
    const n = (async (method: string) => (asked.push(method), method === 'eth_call' ? word(100_000_000n) : '0x')) as ChainNode;
    expect(checked(await usdcSendQuote(n, { network: LOCAL_DEVNET, origin: 'chrome-extension://wallet', from: FROM, call: CALL, ledger: true, fees: { bundler, code: {} as UsdcBatchCode } })))
      .toEqual({ offered: false, reason: 'A Ledger account pays its network fee in ETH: its device does not sign a fee in USDC yet' });
    expect(asked).toEqual([]);
    expect(planUsdc).not.toHaveBeenCalled();
  });

  it('is not, with why: no USDC paymaster; an account holding none; other code on the account; no bundler — and the bundler is not asked', async () => {
    const { usdcPaymaster: _none, ...withoutPaymaster } = LOCAL_DEVNET;
    expect(checked(await quote(node(), withoutPaymaster))).toEqual({ offered: false, reason: 'No USDC paymaster on Local devnet' });
    expect(checked(await quote(node({ usdc: 0n })))).toEqual({ offered: false, reason: 'Not enough USDC: the account holds none' });
    expect(checked(await quote(node({ code: '0x6080' })))).toEqual({ offered: false, reason: 'The account has code that is not one of the wallet’s delegates: a fee in USDC needs one' });
    expect(checked(await quote(node(), LOCAL_DEVNET, false))).toEqual({ offered: false, reason: 'No bundler is set for Local devnet: a fee in USDC needs one' });
    expect(checked(await quote(node(), { ...LOCAL_DEVNET, eip7702: false }))).toEqual({ offered: false, reason: 'EIP-7702 is not supported on Local devnet: a fee in USDC needs it' });
    expect(planUsdc).not.toHaveBeenCalled();
    expect(bundler.node).not.toHaveBeenCalled();
  });

  it('is not when the plan fails or the node cannot be read: the reason, never a failed quote', async () => {
    planUsdc.mockRejectedValue(new Error('The bundler at 127.0.0.1:4337 failed: AA21'));
    expect(checked(await quote(node()))).toEqual({ offered: false, reason: 'No quote for a fee in USDC: The bundler at 127.0.0.1:4337 failed: AA21' });
    const down = (async () => {
      throw new Error('The node of Local devnet is unreachable');
    }) as ChainNode;
    expect(checked(await quote(down))).toEqual({ offered: false, reason: 'No quote for a fee in USDC: The node of Local devnet is unreachable' });
  });
});

describe("the Send's fee in USDC, waited on", () => {
  afterEach(() => vi.useRealTimers());

  it('no longer than its deadline: a bundler that does not answer in time means not offered, and the ETH quote waits no longer', async () => {
    vi.useFakeTimers();
    planUsdc.mockReturnValue(new Promise(() => undefined));
    const answer = quote(node());
    await vi.advanceTimersByTimeAsync(USDC_QUOTE_DEADLINE_MS);
    expect(checked(await answer)).toEqual({ offered: false, reason: `No quote for a fee in USDC within ${USDC_QUOTE_DEADLINE_MS / 1000} s (the bundler at 127.0.0.1:4337)` });
  });
});
