import { AbiCoder, Interface, id, zeroPadValue } from 'ethers';
import { describe, expect, it } from 'vitest';
import { RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { NATIVE_TRANSFER_ADDRESS } from './effects';
import { simulate, type SimulationRequest } from './simulate';
import { createTokenInfo } from './tokenInfo';

const ME: Hex = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const BOB: Hex = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';
const TOKEN: Hex = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const ERC20 = new Interface(['function symbol() view returns (string)', 'function decimals() view returns (uint8)']);
const coder = AbiCoder.defaultAbiCoder();
const request: SimulationRequest = { chainId: '0x7a69', networkName: 'Devnet', nativeSymbol: 'ETH', from: ME, calls: [{ to: BOB, value: '0x10', data: '0x' }, { to: TOKEN, value: '0x0', data: '0x' }], atomic: true };
const transfer = (token: string, from: string, to: string, amount: bigint) => ({
  address: token, topics: [id('Transfer(address,address,uint256)'), zeroPadValue(from, 32), zeroPadValue(to, 32)], data: coder.encode(['uint256'], [amount]),
});

/** A node that answers what the test says, and symbol()/decimals() of TOKEN as TST with 6 decimals. */
function node(simulateV1: (params: unknown[]) => unknown, asked: string[] = []): ChainNode {
  return (async (method: string, params: unknown[] = []) => {
    asked.push(method);
    if (method === 'eth_getBalance') return '0x64';
    if (method === 'eth_simulateV1') return simulateV1(params);
    if (method === 'eth_call') {
      const data = (params[0] as { data: string }).data;
      if (data === ERC20.encodeFunctionData('symbol')) return ERC20.encodeFunctionResult('symbol', ['TST']);
      if (data === ERC20.encodeFunctionData('decimals')) return ERC20.encodeFunctionResult('decimals', [6]);
      throw new RpcError(3, 'execution reverted', new Interface(['error Error(string)']).encodeErrorResult('Error', ['no']));
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
        { token: TOKEN, standard: 'erc20', symbol: 'TST', decimals: 6, amount: '2500000' },
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

  it('a node without eth_simulateV1: no preview, but each call is checked for a revert', async () => {
    const asked: string[] = [];
    const preview = await simulate(node(() => { throw new RpcError(-32601, 'Method not found'); }, asked), { ...request, calls: [{ to: TOKEN, value: '0x0', data: '0x1234' }] }, createTokenInfo());
    expect(preview).toEqual({ kind: 'unavailable', reason: 'No preview: this network cannot simulate', revert: { call: 0, reason: 'no' } });
    expect(asked).toContain('eth_call');
  });

  it('values beyond the balance: unaffordable, with the balance', async () => {
    const preview = await simulate(node(() => { throw new RpcError(-32003, 'Insufficient funds for gas * price + value'); }), request, createTokenInfo());
    expect(preview).toEqual({ kind: 'unaffordable', balance: '100' });
  });
});
