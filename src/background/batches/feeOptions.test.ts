/** Who pays a new batch's fee when no site's paymaster does (issue 45): ETH, USDC, both for the user to pick, or neither and why. */
import { Interface, parseEther } from 'ethers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import { RpcError } from '../../shared/errors';
import * as feeOptions from './feeOptions';
import * as usdcCode from './executors/usdcCode';
import { lazyUsdcBatchCode } from './lazyUsdcBatchCode';
import { prepareBatch } from './prepare';
import * as paidWith from './paidWith';
import * as usdcSendQuote from './usdcSendQuote';
import * as paidFee from '../usdcFees/paidFee';
import { USDC_QUOTE_DEADLINE_MS } from '../usdcFees/deadline';
import { NETWORK, TOKEN, usdcChain, type UsdcChain } from './usdcChain.fixture';
import { english } from '../../shared/fees.fixture';
import type { BatchRecord } from './types';
import { nodeSaid } from '../../shared/errors.fixture';

const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const RECIPIENT: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const code = lazyUsdcBatchCode(async () => ({ ...usdcCode, ...feeOptions, ...paidWith, ...usdcSendQuote, ...paidFee }));

/** A site's atomic batch sending `usdc` units of USDC, planned on `chain`. */
function plan(chain: UsdcChain, usdc = 10_000_000n, network: Network = NETWORK) {
  const calls = [{ to: TOKEN, value: '0x0' as Hex, data: ERC20.encodeFunctionData('transfer', [RECIPIENT, usdc]) as Hex }];
  const fees = { maxFeePerGas: Promise.resolve(2_000_000_000n), bundler: { node: async () => chain.bundler, host: 'bundler.example' }, code };
  return prepareBatch(chain.node, network, { id: 'b', origin: 'https://dapp.example', from: FROM, calls }, { atomicRequired: true, capabilities: {} }, true, undefined, fees);
}

/** Why neither source can pay, in English, each reason checked to read the same in its words. */
const reasonsOf = ({ feeReasons = [], feeReasonWords = [] }: BatchRecord): string[] => {
  expect(feeReasonWords).toHaveLength(feeReasons.length);
  return feeReasons.map((message, i) => english({ message, words: feeReasonWords[i] }));
};
/** What a node or bundler said, as the USDC reason's words carry it (as written, inside the translated frame). */
const serverWords = ({ feeReasonWords = [] }: BatchRecord): string => String(feeReasonWords[1]?.values?.reason);

describe('the fee source of a batch no site sponsors', () => {
  afterEach(() => vi.useRealTimers());

  it('is ETH with USDC offered beside it when both cover the fee; the USDC plan is kept for the switch', async () => {
    const planned = await plan(usdcChain({ eth: parseEther('1'), usdc: 100_000_000n }));
    expect(planned).toMatchObject({ executor: 'atomic', feeChoices: ['eth', 'usdc'], usdcFee: { paymaster: NETWORK.usdcPaymaster, upgrade: true, bundlerHost: 'bundler.example' } });
    expect(BigInt(planned.usdcFee!.maximum)).toBeGreaterThan(BigInt(planned.usdcFee!.expected));
  });

  it('is USDC alone, one userOp that upgrades the account, when the account has no ETH', async () => {
    const planned = await plan(usdcChain({ eth: 0n, usdc: 100_000_000n }));
    expect(planned).toMatchObject({ executor: 'usdc', atomic: true, upgrade: true, gasLimits: [], feeChoices: ['usdc'] });
  });

  it('is none, saying why for each, when neither covers it: the USDC the calls send counts with the cap', async () => {
    const planned = await plan(usdcChain({ eth: 0n, usdc: 10_100_000n }));
    expect(planned.feeChoices).toEqual([]);
    expect(reasonsOf(planned)).toEqual([
      expect.stringMatching(/^Not enough ETH: the fee can take up to [\d.]+ ETH and the account holds 0\.0 ETH$/),
      expect.stringMatching(/^Not enough USDC: the fee can take up to [\d.]+ USDC and the account holds 0\.10 USDC$/),
    ]);
  });

  it('counts the USDC a transfer sends however its hex is written: a page writing the selector in capitals is not offered a fee its balance cannot cover', async () => {
    const chain = usdcChain({ eth: 0n, usdc: 10_100_000n });
    const upper = ERC20.encodeFunctionData('transfer', [RECIPIENT, 10_000_000n]).toUpperCase().replace(/^0X/, '0x') as Hex;
    const calls = [{ to: TOKEN.toLowerCase() as Hex, value: '0x0' as Hex, data: upper }];
    const fees = { maxFeePerGas: Promise.resolve(2_000_000_000n), bundler: { node: async () => chain.bundler, host: 'bundler.example' }, code };
    const planned = await prepareBatch(chain.node, NETWORK, { id: 'b', origin: 'https://dapp.example', from: FROM, calls }, { atomicRequired: true, capabilities: {} }, true, undefined, fees);
    expect(planned.feeChoices).toEqual([]);
    expect(reasonsOf(planned)[1]).toMatch(/^Not enough USDC: the fee can take up to [\d.]+ USDC and the account holds 0\.10 USDC$/);
  });

  it('is not USDC when the calls send more ETH than the account holds: the estimate pretends the account is funded, so the op would take its fee and revert', async () => {
    const chain = usdcChain({ eth: parseEther('0.5'), usdc: 100_000_000n });
    const calls = [{ to: RECIPIENT, value: `0x${parseEther('1').toString(16)}` as Hex, data: '0x' as Hex }];
    const fees = { maxFeePerGas: Promise.resolve(2_000_000_000n), bundler: { node: async () => chain.bundler, host: 'bundler.example' }, code };
    const planned = await prepareBatch(chain.node, NETWORK, { id: 'b', origin: 'https://dapp.example', from: FROM, calls }, { atomicRequired: true, capabilities: {} }, true, undefined, fees);
    expect(planned.feeChoices).toEqual([]);
    expect(reasonsOf(planned)).toEqual([
      expect.stringMatching(/^Not enough ETH: the fee can take up to [\d.]+ ETH and the account holds 0\.0 ETH$/),
      'Not enough ETH for the calls: they send 1.0 ETH and the account holds 0.5 ETH',
    ]);
  });

  it('hands the screen each reason in English and in words, in the same order', async () => {
    const planned = await plan(usdcChain({ eth: 0n, usdc: 10_100_000n }));
    const shown = feeOptions.feeSourcesShown(planned, undefined);
    expect(shown).toEqual({ choices: [], reasons: planned.feeReasons, reasonWords: planned.feeReasonWords });
    expect(shown!.reasonWords!.map((w) => w.key)).toEqual(['fees_notEnoughCoin', 'fees_notEnoughUsdc']);
  });

  it('names a chain without a USDC paymaster, and a bundler that failed by its host', async () => {
    const { usdcPaymaster: _none, ...withoutPaymaster } = NETWORK;
    expect(reasonsOf(await plan(usdcChain({ eth: 0n, usdc: 100_000_000n }), 0n, withoutPaymaster))).toEqual([expect.stringMatching(/^Not enough ETH/), 'No USDC paymaster on Local devnet']);
    const failing = usdcChain({ eth: 0n, usdc: 100_000_000n }, new RpcError(-32521, 'execution reverted'));
    expect(reasonsOf(await plan(failing))[1]).toBe('No quote for a fee in USDC: The bundler at bundler.example failed: The bundler refused the userOp: the calls would revert');
  });

  it('waits on the bundler no longer than the Send does: one that never answers leaves ETH, with why USDC is not offered', async () => {
    vi.useFakeTimers();
    const chain = usdcChain({ eth: parseEther('1'), usdc: 100_000_000n });
    const silent: UsdcChain = { ...chain, bundler: (method, params) => (method === 'eth_estimateUserOperationGas' ? new Promise(() => undefined) : chain.bundler(method, params)) };
    const planning = plan(silent);
    await vi.advanceTimersByTimeAsync(USDC_QUOTE_DEADLINE_MS);
    expect(await planning).toMatchObject({ executor: 'atomic', feeChoices: ['eth'] });
    expect((await planning).usdcFee).toBeUndefined();
  });

  it('is not USDC when the paymaster is paused: the screen says so rather than a send the bundler refuses', async () => {
    const chain = usdcChain({ eth: parseEther('1'), usdc: 100_000_000n });
    chain.owner({ paused: true });
    const planned = await plan(chain);
    expect(planned.feeChoices).toEqual(['eth']);
    expect(planned.usdcFee).toBeUndefined();
  });

  it("quotes a bundler's error as the server's, never as a reason of the wallet's it reads like (pages/serverClaims.test.ts)", async () => {
    const failing = usdcChain({ eth: 0n, usdc: 100_000_000n }, nodeSaid(-32000, 'no connection'));
    const planned = await plan(failing);
    expect(reasonsOf(planned)[1]).toBe("No quote for a fee in USDC: The bundler at bundler.example failed: The network's server answered: no connection");
  });

  it("shows a failed bundler's words bounded and without characters that reorder or hide text: they are a server's claim on the approval screen", async () => {
    const failing = usdcChain({ eth: 0n, usdc: 100_000_000n }, new RpcError(-32000, `refused \u202eevil\u202c\n${'x'.repeat(100_000)}`));
    const planned = await plan(failing);
    expect(reasonsOf(planned)[1]).toMatch(/^No quote for a fee in USDC: The bundler at bundler\.example failed: refused evil x+…$/);
    expect(serverWords(planned).length).toBeLessThanOrEqual(400);
  });

  it('asks no bundler for an account that holds no USDC: the batch is not sent to a third party only to learn it cannot pay', async () => {
    const chain = usdcChain({ eth: parseEther('1'), usdc: 0n });
    const asked: string[] = [];
    const bundler = chain.bundler;
    chain.bundler = (async (method: string, params?: unknown[]) => (asked.push(method), bundler(method, params))) as typeof bundler;
    const planned = await plan(chain, 0n);
    expect(planned.feeChoices).toEqual(['eth']);
    expect(asked).toEqual([]);
    const none = await plan(usdcChain({ eth: 0n, usdc: 0n }), 0n);
    expect(reasonsOf(none)[1]).toBe('Not enough USDC: the account holds none');
  });

  it("shows a node's words as the reason bounded and cleaned too", async () => {
    const chain = usdcChain({ eth: 0n, usdc: 100_000_000n });
    const node = chain.node;
    chain.node = (async (method: string, params: unknown[] = []) => {
      if (method === 'eth_call' && (params[0] as { to: string }).to.toLowerCase() === ENTRY_POINT_V08.toLowerCase()) throw new RpcError(-32000, `no \u202eway\u202c ${'y'.repeat(100_000)}`);
      return node(method, params);
    }) as typeof node;
    const planned = await plan(chain);
    expect(reasonsOf(planned)[1]).toMatch(/^No quote for a fee in USDC: no way y+…$/);
    expect(serverWords(planned).length).toBeLessThanOrEqual(300);
  });
});
