/** The names a review hands the engine: one set per request, shared by its calls and the calls inside them. */
import { MaxUint256 } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../shared/erc7730/render';
import { SIGNER, USDC, usdcPermit } from '../../shared/erc7730/samples.fixture';
import type { RenderContext } from '../../shared/erc7730/types';
import type { Hex } from '../../shared/params';
import { MAINNET } from './chain.fixture';
import { reviewCalls } from './calls';
import { EOA, MULTICALL3, abi, aggregate3, deps, signature } from './calls.fixture';

vi.mock('../../shared/erc7730/render', async (original) => {
  const actual = await original<typeof import('../../shared/erc7730/render')>();
  return { ...actual, render: vi.fn(actual.render) };
});

const contexts = (): RenderContext[] => vi.mocked(render).mock.calls.map(([, context]) => context);
const approve = (to: string) => ({ to: to as Hex, value: '0x0' as Hex, data: abi.encodeFunctionData('approve', [EOA, MaxUint256]) as Hex });

describe('the names of a review', () => {
  it("are one set per request: every call and call inside a call of a batch names with the same, the next request with its own; the user's accounts name theirs", async () => {
    vi.mocked(render).mockClear();
    const inner = aggregate3([USDC, abi.encodeFunctionData('approve', [EOA, MaxUint256])]);
    await reviewCalls({ ...deps, ownAccounts: async () => [{ address: EOA as Hex, name: 'Savings' }] }, [approve(USDC), { to: MULTICALL3 as Hex, value: '0x0' as Hex, data: inner as Hex }], SIGNER as Hex, MAINNET);
    const batch = contexts();
    expect(batch).toHaveLength(3);
    expect(new Set(batch.map((c) => c.name)).size).toBe(1);
    expect(new Set(batch.map((c) => c.collectionName)).size).toBe(1);
    expect(await batch[0].name!(EOA as Hex)).toMatchObject({ text: 'Savings (your account)' });

    vi.mocked(render).mockClear();
    await reviewCalls(deps, [approve(USDC)], SIGNER as Hex, MAINNET);
    await signature({ ...usdcPermit, message: { ...usdcPermit.message, spender: EOA } });
    const [next, signed] = contexts();
    expect(next.name).not.toBe(batch[0].name);
    expect(signed.name).toBeDefined();
    expect(signed.name).not.toBe(next.name);
  });
});
