import { AbiCoder, Interface, id, zeroPadValue } from 'ethers';
import { describe, expect, it } from 'vitest';
import { hasInvisible } from '../../shared/displayText';
import { RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import { inEnglish } from '../../shared/words.fixture';
import type { ChainNode } from '../networks/rpcClient';
import { NATIVE_TRANSFER_ADDRESS } from './effects';
import { simulate, type SimulationRequest } from './simulate';
import { createTokenInfo } from './tokenInfo';
import { nodeSaid } from '../../shared/errors.fixture';

const ME: Hex = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const BOB: Hex = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TOKEN: Hex = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const ERC20 = new Interface(['function symbol() view returns (string)', 'function decimals() view returns (uint8)']);
const coder = AbiCoder.defaultAbiCoder();
const FEES = { maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' } as const;
const request: SimulationRequest = {
  chainId: '0x7a69', networkName: 'Devnet', nativeSymbol: 'ETH', from: ME, atomic: true, fees: FEES,
  calls: [{ to: BOB, value: '0x10', data: '0x', gas: '0x30000' }, { to: TOKEN, value: '0x0', data: '0x', gas: '0x30000' }],
};
const transfer = (token: string, from: string, to: string, amount: bigint) => ({
  address: token, topics: [id('Transfer(address,address,uint256)'), zeroPadValue(from, 32), zeroPadValue(to, 32)], data: coder.encode(['uint256'], [amount]),
});

const COINBASE: Hex = '0x4200000000000000000000000000000000000011';
/** The node's latest block (12) and the pending one it is building (13). */
const BLOCKS: Record<string, object> = {
  latest: { number: '0xc', timestamp: '0x6700', baseFeePerGas: '0x3b9aca00', miner: COINBASE, gasLimit: '0x1c9c380', mixHash: `0x${'ab'.repeat(32)}` },
  pending: { number: '0xd', timestamp: '0x670c', baseFeePerGas: '0x3e95ba80', miner: COINBASE, gasLimit: '0x1c9c380', mixHash: `0x${'00'.repeat(32)}` },
};

/** A node that answers what the test says, and symbol()/decimals() of TOKEN as `symbol` (TKN) with 6 decimals. */
function node(simulateV1: (params: unknown[]) => unknown, asked: string[] = [], symbol = 'TKN'): ChainNode {
  return (async (method: string, params: unknown[] = []) => {
    asked.push(method);
    if (method === 'eth_getBalance') return '0x64';
    if (method === 'eth_getBlockByNumber') return BLOCKS[params[0] as string];
    if (method === 'eth_simulateV1') return simulateV1(params);
    if (method === 'eth_call') {
      const data = (params[0] as { data: string }).data;
      if (data === ERC20.encodeFunctionData('symbol')) return ERC20.encodeFunctionResult('symbol', [symbol]);
      if (data === ERC20.encodeFunctionData('decimals')) return ERC20.encodeFunctionResult('decimals', [6]);
      throw nodeSaid(3, 'execution reverted', new Interface(['error Error(string)']).encodeErrorResult('Error', ['no']));
    }
    throw new Error(`unexpected ${method}`);
  }) as ChainNode;
}

describe('simulate', () => {
  it('reports the account’s net changes with the token’s symbol and decimals, and applies the delegation it installs', async () => {
    let sent: unknown;
    const preview = await simulate(node((params) => {
      sent = params;
      return [{ calls: [
        { status: '0x1', returnData: '0x', logs: [transfer(NATIVE_TRANSFER_ADDRESS, ME, BOB, 16n)] },
        { status: '0x1', returnData: '0x', logs: [transfer(TOKEN, BOB, ME, 2_500_000n)] },
      ] }];
    }), { ...request, delegate: '0xe6Cae83BdE06E4c305530e199D7217f42808555B' }, createTokenInfo());
    expect(preview).toEqual({
      kind: 'simulated',
      changes: [
        { token: 'native', standard: 'native', symbol: 'ETH', decimals: 18, amount: '-16' },
        { token: TOKEN, standard: 'erc20', symbol: 'TKN', decimals: 6, amount: '2500000' },
      ],
      allowances: [],
      balance: '100',
    });
    expect(sent).toMatchObject([{ blockStateCalls: [{ stateOverrides: { [ME]: { code: '0xef0100e6cae83bde06e4c305530e199d7217f42808555b' } } }], traceTransfers: true }, 'latest']);
  });

  it('an atomic batch with a reverting call changes nothing and names the call and the reason; a sequential one keeps the others', async () => {
    const answer = () => [{ calls: [
      { status: '0x1', returnData: '0x', logs: [transfer(NATIVE_TRANSFER_ADDRESS, ME, BOB, 16n)] },
      { status: '0x0', returnData: new Interface(['error Error(string)']).encodeErrorResult('Error', ['paused']), logs: [] },
    ] }];
    expect(await simulate(node(answer), request, createTokenInfo())).toEqual({ kind: 'simulated', changes: [], allowances: [], revert: { call: 1, reason: 'paused' }, balance: '100' });
    expect(await simulate(node(answer), { ...request, atomic: false }, createTokenInfo())).toMatchObject({ changes: [{ token: 'native', amount: '-16' }], revert: { call: 1 } });
  });

  it('says a revert reason cleaned and bounded: a contract\'s or a node\'s words, never characters that reorder the screen\'s sentence or a page of text', async () => {
    const hiding = `paused\u202E\u200b${' and more'.repeat(500)}`;
    const answer = () => [{ calls: [{ status: '0x0', returnData: new Interface(['error Error(string)']).encodeErrorResult('Error', [hiding]), logs: [] }] }];
    const { revert } = await simulate(node(answer), { ...request, calls: [request.calls[1]] }, createTokenInfo()) as { revert: { reason: string } };
    const nodeSays = node(() => { throw new RpcError(-32601, 'Method not found'); });
    const byCall = (async (method: string, params: unknown[]) => (method === 'eth_call' ? Promise.reject(nodeSaid(3, hiding)) : nodeSays(method, params))) as ChainNode;
    const { revert: checked } = await simulate(byCall, { ...request, calls: [request.calls[1]] }, createTokenInfo()) as { revert: { reason: string } };
    for (const { reason } of [revert, checked]) {
      expect(reason.startsWith('paused and more')).toBe(true);
      expect(hasInvisible(reason) || [...reason].length > 300).toBe(false);
    }
  });

  it("a node without eth_simulateV1 whose call check fails on the way shows no revert: only what the node said of the call is one", async () => {
    const nodeSays = node(() => { throw new RpcError(-32601, 'Method not found'); });
    const failures = [
      new RpcError(-32603, 'The node of Mine answered HTTP 502'),
      new RpcError(-32005, 'The nodes of Mine are limiting requests; try again in 3 s'),
      nodeSaid(-32005, 'rate limit exceeded'),
    ];
    for (const failure of failures) {
      const byCall = (async (method: string, params: unknown[]) => (method === 'eth_call' ? Promise.reject(failure) : nodeSays(method, params))) as ChainNode;
      const preview = await simulate(byCall, { ...request, calls: [{ to: TOKEN, value: '0x0', data: '0x1234' }] }, createTokenInfo());
      expect(preview, failure.message).toEqual({ kind: 'unavailable', reason: 'No preview: this network cannot simulate', reasonWords: { key: 'preview_cannotSimulate' } });
    }
  });

  it("reads only the node's own words for what they say: a network named so that the wallet's sentence of its failure reads as one is no answer about the batch", async () => {
    for (const name of ['Insufficient funds testnet', 'Not supported L2']) {
      const failure = new RpcError(-32603, `The node of ${name} answered HTTP 502`);
      const preview = await simulate(node(() => { throw failure; }), request, createTokenInfo());
      expect(preview, name).toEqual({ kind: 'unavailable', reason: `No preview: the node could not simulate this (${failure.message})`, reasonWords: { key: 'preview_nodeCouldNot', values: { said: failure.message } } });
    }
  });

  it('a node without eth_simulateV1: no preview, but each call is checked for a revert', async () => {
    const asked: string[] = [];
    const preview = await simulate(node(() => { throw new RpcError(-32601, 'Method not found'); }, asked), { ...request, calls: [{ to: TOKEN, value: '0x0', data: '0x1234' }] }, createTokenInfo());
    expect(preview).toEqual({ kind: 'unavailable', reason: 'No preview: this network cannot simulate', reasonWords: { key: 'preview_cannotSimulate' }, revert: { call: 0, reason: 'no' } });
    expect(asked).toContain('eth_call');
  });

  it('values beyond the balance: unaffordable, with the balance', async () => {
    const preview = await simulate(node(() => { throw new RpcError(-32003, 'Insufficient funds for gas * price + value'); }), request, createTokenInfo());
    expect(preview).toEqual({ kind: 'unaffordable', balance: '100' });
  });

  it('runs in the next block as the node builds it (number, time, base fee, coinbase), with the fees and gas the transactions carry, so a contract cannot tell a simulation', async () => {
    let sent: unknown;
    const preview = await simulate(node((params) => { sent = params; return [{ calls: [] }]; }), request, createTokenInfo());
    expect(sent).toEqual([{
      blockStateCalls: [{
        blockOverrides: { number: '0xd', time: '0x670c', baseFeePerGas: '0x3e95ba80', feeRecipient: COINBASE, gasLimit: '0x1c9c380', prevRandao: `0x${'ab'.repeat(32)}` },
        calls: request.calls.map((c) => ({ from: ME, to: c.to, value: c.value, data: c.data, gas: '0x30000', ...FEES })),
      }],
      traceTransfers: true,
      // Checked like a transaction: the fee is charged and the base fee is real.
      validation: true,
    }, 'latest']);
    expect(preview).not.toHaveProperty('unmatched');
  });

  it('a node whose pending block is its latest one: the next number, and a time after both the latest block and now', async () => {
    let sent: { blockStateCalls: { blockOverrides: Record<string, string> }[] }[] = [];
    const base = node((params) => { sent = params as typeof sent; return [{ calls: [] }]; });
    const stale = (async (method: string, params: unknown[] = []) => (method === 'eth_getBlockByNumber' ? BLOCKS.latest : base(method, params))) as ChainNode;
    await simulate(stale, request, createTokenInfo());
    const overrides = sent[0].blockStateCalls[0].blockOverrides;
    expect(overrides).toMatchObject({ number: '0xd', baseFeePerGas: '0x3b9aca00', feeRecipient: COINBASE });
    expect(Number(overrides.time)).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) - 5);
  });

  it('without fees the account pays (a sponsor pays them, or no gas limit yet), the screen says what the simulation could not match', async () => {
    let sent: unknown;
    const sponsored = await simulate(node((params) => { sent = params; return [{ calls: [] }]; }), { ...request, fees: undefined }, createTokenInfo());
    expect(sent).toMatchObject([{ validation: false, blockStateCalls: [{ blockOverrides: { feeRecipient: COINBASE }, calls: [{ gas: '0x30000' }, { gas: '0x30000' }] }] }, 'latest']);
    expect((sent as { blockStateCalls: { calls: object[] }[] }[])[0].blockStateCalls[0].calls[0]).not.toHaveProperty('maxFeePerGas');
    const ungassed = await simulate(node((params) => { sent = params; return [{ calls: [] }]; }), { ...request, calls: [{ to: BOB, value: '0x1', data: '0x' }] }, createTokenInfo());
    expect(sent).toMatchObject([{ validation: false, blockStateCalls: [{ calls: [{ from: ME, to: BOB, value: '0x1', data: '0x' }] }] }, 'latest']);
    for (const preview of [sponsored, ungassed]) {
      expect(preview).toMatchObject({ kind: 'simulated', unmatched: 'Simulated without the transaction’s fees: a contract that reads the gas price or the base fee sees 0 here and may act otherwise on chain.' });
      if (preview.kind === 'simulated') expect(inEnglish(preview.unmatchedWords!)).toBe(preview.unmatched);
    }
  });

  it('a token that uses a well-known symbol on another contract is flagged with the real one; a well-known token at its contract is known', async () => {
    const BASE_USDC: Hex = '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913';
    const received = (token: Hex) => () => [{ calls: [{ status: '0x1', returnData: '0x', logs: [transfer(token, BOB, ME, 1_000_000_000n)] }, { status: '0x1', returnData: '0x', logs: [] }] }];
    const onBase = { ...request, chainId: '0x2105' as Hex };
    expect(await simulate(node(received(TOKEN), [], 'USDC'), onBase, createTokenInfo())).toMatchObject({
      changes: [{ token: TOKEN, symbol: 'USDC', amount: '1000000000', imitates: { symbol: 'USDC', address: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' } }],
    });
    const real = await simulate(node(received(BASE_USDC), [], 'USDC'), onBase, createTokenInfo());
    expect(real).toMatchObject({ changes: [{ token: BASE_USDC, symbol: 'USDC', known: true }] });
    expect((real as { changes: object[] }).changes[0]).not.toHaveProperty('imitates');
  });
});
