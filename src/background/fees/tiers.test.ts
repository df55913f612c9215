/** Fee tiers under each chain's rules: the next block's base fee, recent tips, Polygon's minimum tip, BNB's flat price. */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { tierFees } from './tiers';

const GWEI = 1_000_000_000n;
const hex = (value: bigint): Hex => `0x${value.toString(16)}`;

/** A node answering the fee reads; `history` undefined: it refuses eth_feeHistory as "method not found". */
function node(p: { history?: { baseFeePerGas: Hex[]; gasUsedRatio: number[]; reward?: Hex[][] }; tip?: bigint; latestBaseFee?: bigint; gasPrice?: bigint }) {
  const asked: string[] = [];
  const call = async <T>(method: string): Promise<T> => {
    asked.push(method);
    switch (method) {
      case 'eth_feeHistory':
        if (!p.history) throw Object.assign(new Error('the method eth_feeHistory does not exist'), { code: -32601 });
        return p.history as T;
      case 'eth_maxPriorityFeePerGas': return hex(p.tip ?? GWEI) as T;
      case 'eth_getBlockByNumber': return { baseFeePerGas: hex(p.latestBaseFee ?? 0n) } as T;
      case 'eth_gasPrice': return hex(p.gasPrice ?? 0n) as T;
    }
    throw new Error(`unexpected ${method}`);
  };
  return { call, asked };
}

const idle = (nextBaseFee: bigint) => ({ baseFeePerGas: [hex(nextBaseFee - 1n), hex(nextBaseFee)], gasUsedRatio: [0], reward: [['0x0', '0x0', '0x0'] as Hex[]] });

describe('fee tiers', () => {
  it('leave room for the next block’s base fee to double (market) and tip as the node suggests on an idle chain', async () => {
    const { call } = node({ history: idle(10n * GWEI), tip: 2n * GWEI });
    const tiers = await tierFees(call, '0x1');
    expect(tiers.market).toEqual({ maxFeePerGas: 22n * GWEI, maxPriorityFeePerGas: 2n * GWEI });
    expect(tiers.low).toEqual({ maxFeePerGas: 11n * GWEI, maxPriorityFeePerGas: 1n * GWEI });
    expect(tiers.aggressive).toEqual({ maxFeePerGas: 34n * GWEI, maxPriorityFeePerGas: 4n * GWEI });
  });

  it('tip at least what busy recent blocks paid at the 10th, 50th and 90th percentiles', async () => {
    const rewards = (p10: bigint, p50: bigint, p90: bigint) => [hex(p10 * GWEI), hex(p50 * GWEI), hex(p90 * GWEI)];
    const history = { baseFeePerGas: ['0x1', '0x1', '0x1', '0x1'] as Hex[], gasUsedRatio: [0.5, 0, 0.9], reward: [rewards(3n, 5n, 9n), rewards(0n, 0n, 0n), rewards(3n, 7n, 11n)] };
    const tiers = await tierFees(node({ history, tip: GWEI }).call, '0x1');
    expect([tiers.low, tiers.market, tiers.aggressive].map((t) => t.maxPriorityFeePerGas)).toEqual([3n * GWEI, 7n * GWEI, 11n * GWEI]);
  });

  it('fall back on the latest block’s base fee where the node refuses eth_feeHistory', async () => {
    const tiers = await tierFees(node({ latestBaseFee: 5n * GWEI, tip: GWEI }).call, '0x1');
    expect(tiers.market.maxFeePerGas).toBe(11n * GWEI);
  });

  it('never tip below Polygon PoS’s minimum, which its nodes require', async () => {
    const tiers = await tierFees(node({ history: idle(100n * GWEI), tip: GWEI }).call, '0x89');
    for (const fees of Object.values(tiers)) expect(fees.maxPriorityFeePerGas).toBeGreaterThanOrEqual(30n * GWEI);
    expect(tiers.market.maxFeePerGas).toBe(230n * GWEI);
    // The same chain written with a leading zero is still Polygon.
    expect((await tierFees(node({ history: idle(GWEI), tip: GWEI }).call, '0x0089')).low.maxPriorityFeePerGas).toBe(30n * GWEI);
  });

  it('are all BNB Smart Chain’s one flat gas price, as fee and tip alike', async () => {
    const { call, asked } = node({ gasPrice: GWEI / 10n, history: idle(GWEI), tip: 5n * GWEI });
    const tiers = await tierFees(call, '0x38');
    const flat = { maxFeePerGas: GWEI / 10n, maxPriorityFeePerGas: GWEI / 10n };
    expect(tiers).toEqual({ low: flat, market: flat, aggressive: flat });
    expect(asked).toEqual(['eth_gasPrice']);
  });
});
