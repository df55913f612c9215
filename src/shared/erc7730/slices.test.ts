/** Slices of bytes and integers in paths: a token taken from a packed route or from a uint256's low bytes. */
import { Interface } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../params';
import { bindCall } from './bind';
import { parseDescriptor } from './parse';
import { reach } from './paths';
import { render } from './render';
import { DAI, USDC, mainnet } from './samples.fixture';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('./render', async (original) => (await import('./valueWords.fixture')).checkingRender(await original()));

const ROUTER = '0x3333333333333333333333333333333333333333';
/** A Uniswap V3 route: token, fee (3 bytes), token. */
const route = `0x${USDC.slice(2)}000bb8${DAI.slice(2)}`.toLowerCase();

describe('slices of bytes and integers', () => {
  it('takes bytes from the start or the end of a bytes value, and from an integer\'s 32 bytes', () => {
    expect(reach({ path: route }, 'path.[0:20]')).toEqual([{ path: 'path.[0:20]', value: USDC.toLowerCase() }]);
    expect(reach({ path: route }, 'path.[-20:]')[0].value).toBe(DAI.toLowerCase());
    expect(reach({ path: route }, 'path.[:20]')[0].value).toBe(USDC.toLowerCase());
    // 1inch packs flags in a uint256's high bits and the token in its low 20 bytes.
    const packed = (1n << 255n) | BigInt(USDC);
    expect(reach({ srcToken: packed }, 'srcToken.[-20:]')[0].value).toBe(USDC.toLowerCase());
    expect(reach({ srcToken: '42' }, 'srcToken.[-1:]')[0].value).toBe('0x2a');
    // A whole-array walk is not a slice: a bytes value is not an array.
    expect(reach({ path: route }, 'path.[]')).toEqual([]);
  });

  it('shows amounts whose token a slice names, in that token', async () => {
    const key = 'swap(bytes path,uint256 amountIn,uint256 srcToken,uint256 amount)';
    const descriptor = parseDescriptor({
      context: { contract: { deployments: [{ chainId: 1, address: ROUTER }] } },
      display: { formats: { [key]: { intent: 'Swap', fields: [
        { path: 'amountIn', label: 'Send', format: 'tokenAmount', params: { tokenPath: 'path.[0:20]' } },
        { path: 'amount', label: 'Receive', format: 'tokenAmount', params: { tokenPath: 'srcToken.[-20:]' } },
      ] } } },
    }, 'slices.json');
    const data = new Interface([`function ${key}`]).encodeFunctionData('swap', [route, 2_500_000n, (1n << 255n) | BigInt(DAI), 10n ** 18n]) as Hex;
    const { clear } = await render(bindCall([descriptor], { chainId: 1n, to: ROUTER, data })!, mainnet(ROUTER));
    expect(clear.fields.map((f) => [f.label, f.text])).toEqual([['Send', '2.5 USDC'], ['Receive', '1 DAI']]);
  });
});
