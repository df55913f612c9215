/** Multicall3's descriptor (public/erc7730/calldata-multicall3.json) against calls as viem's multicall and older clients encode them. */
import { Interface } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { DEVNET_BUILD_NETWORKS } from '../networks';
import type { Hex } from '../params';
import { bindCall } from './bind';
import { render } from './render';
import { DAI, SIGNER, USDC, WETH, descriptors, mainnet } from './samples.fixture';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

describe('Multicall3', () => {
  const MULTICALL3 = '0xcA11bde05977b3631167028862bE2a173976CA11';
  const abi = new Interface([
    'function aggregate((address target, bytes callData)[] calls)',
    'function aggregate3((address target, bool allowFailure, bytes callData)[] calls)',
    'function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls)',
    'function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls)',
  ]);
  const token = new Interface(['function balanceOf(address owner) view returns (uint256)', 'function decimals() view returns (uint8)', 'function totalSupply() view returns (uint256)', 'function deposit()']);
  const words = async (data: string, chainId = 1n, to = MULTICALL3) => {
    const bound = bindCall(descriptors, { chainId, to: to as Hex, data: data as Hex });
    return bound && render(bound, mainnet(to));
  };
  const rows = (clear: { fields: { label: string; text: string; address?: Hex }[] } | undefined) => clear?.fields.map((f) => `${f.label}: ${f.text}${f.address ? `${f.text ? ' ' : ''}${f.address}` : ''}`);

  it("aggregate3 as viem's multicall sends it (each call allowed to fail): who is called, what if one fails, each call to be read in its turn", async () => {
    const balance = token.encodeFunctionData('balanceOf', [SIGNER]);
    const decimals = token.encodeFunctionData('decimals');
    const shown = await words(abi.encodeFunctionData('aggregate3', [[[USDC, true, balance], [USDC, true, decimals]]]));
    expect(shown?.clear.intent).toBe('Multicall3: make several calls (Multicall3 makes them, not your account)');
    expect(shown?.clear.owner).toBe('Multicall3 (mds1/multicall)');
    expect(rows(shown?.clear)).toEqual([
      `Calls 1: ${USDC}`, `Calls 2: ${USDC}`, 'If it fails 1: The other calls still run', 'If it fails 2: The other calls still run', `Call data 1: ${balance}`, `Call data 2: ${decimals}`,
    ]);
    expect(shown?.clear.uncovered).toEqual([]);
    expect(shown?.facts.calls).toEqual([{ label: 'Call data 1', to: USDC, data: balance }, { label: 'Call data 2', to: USDC, data: decimals }].map((call, i) => ({
      ...call, labelWords: { key: 'descriptors_numbered', values: { label: { key: 'descriptors_callData' }, number: String(i + 1) } },
    })));
  });

  it('aggregate3Value: the ETH each call sends, carried to the call it funds', async () => {
    const deposit = token.encodeFunctionData('deposit');
    const shown = await words(abi.encodeFunctionData('aggregate3Value', [[[WETH, false, 10n ** 18n, deposit]]]));
    expect(rows(shown?.clear)).toEqual([`Calls: ${WETH}`, 'If it fails: Every call is undone', 'Sends: 1 ETH', `Call data: ${deposit}`]);
    expect(shown?.facts.calls).toEqual([{ label: 'Call data', labelWords: { key: 'descriptors_callData' }, to: WETH, data: deposit, value: 10n ** 18n }]);
  });

  it("aggregate and tryAggregate, as the older Multicall's clients send them", async () => {
    const supply = token.encodeFunctionData('totalSupply');
    expect(rows((await words(abi.encodeFunctionData('aggregate', [[[DAI, supply]]])))?.clear)).toEqual([`Calls: ${DAI}`, `Call data: ${supply}`]);
    expect(rows((await words(abi.encodeFunctionData('tryAggregate', [false, [[DAI, supply]]])))?.clear)).toEqual(['If one fails: The other calls still run', `Calls: ${DAI}`, `Call data: ${supply}`]);
  });

  it('binds at its one address on every chain the wallet knows, and nowhere else; calldata with bytes after the arguments binds, the bytes apart', async () => {
    const data = abi.encodeFunctionData('aggregate', [[[DAI, token.encodeFunctionData('totalSupply')]]]);
    for (const network of DEVNET_BUILD_NETWORKS) expect(await words(data, BigInt(network.chainId)), network.name).toBeDefined();
    expect(await words(data, 42n)).toBeUndefined();
    expect(await words(data, 1n, '0xcA11bde05977b3631167028862bE2a173976CA12')).toBeUndefined();
    expect(bindCall(descriptors, { chainId: 1n, to: MULTICALL3, data: `${data}00` as Hex })?.extra).toBe('0x00');
  });
});
