/** The OP-stack L1 data fee: which chains charge it, and the oracle's upper bound for a transaction's size. */
import { AbiCoder, id } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { GAS_PRICE_ORACLE, l1FeeUpperBound } from './l1DataFee';

const UPPER_BOUND = id('getL1FeeUpperBound(uint256)').slice(0, 10);
const L1_FEE = id('getL1Fee(bytes)').slice(0, 10);
const TX: Hex = '0x02f0827a6980843b9aca00843b9aca008252089470997970c51812dc3a010c7d01b50e0d17dc79c80180c0';
const SIZE = (TX.length - 2) / 2;
/** The room the wallet leaves for Ethereum's fees to double between the screen and inclusion: twice the oracle's figure. */
const ROOM = 2n;

/** A node whose predeploy is `oracleCode`; the oracle answers 1000 wei per byte, or only getL1Fee before Fjord. */
function node(oracleCode: Hex, fjord = true) {
  const asked: { method: string; data?: string }[] = [];
  const call = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const data = (params[0] as { data?: string } | undefined)?.data;
    asked.push({ method, ...(data ? { data } : {}) });
    if (method === 'eth_getCode' && params[0] === GAS_PRICE_ORACLE) return oracleCode as T;
    if (method === 'eth_call' && (params[0] as { to: string }).to === GAS_PRICE_ORACLE) {
      if (data?.startsWith(UPPER_BOUND) && fjord) return `0x${(BigInt(`0x${data.slice(10)}`) * 1000n).toString(16)}` as T;
      if (data?.startsWith(L1_FEE)) return '0x2a' as T;
      throw Object.assign(new Error('execution reverted'), { code: 3 });
    }
    throw new Error(`unexpected ${method}`);
  };
  return { call, asked };
}

describe('the L1 data fee', () => {
  it('is never what a node makes up that is not one uint256 word (a negative fee would lower the fee shown below the fee signed)', async () => {
    for (const answer of ['-1000000000000000000', -1, '0x', `0x${'f'.repeat(65)}`, { fee: 1 }]) {
      const lying = async <T>(method: string): Promise<T> => {
        if (method === 'eth_call') return answer as T;
        throw new Error(`unexpected ${method}`);
      };
      await expect(l1FeeUpperBound(lying, { chainId: '0x2105', builtIn: true }, async () => [TX])).rejects.toThrow(/not a fee/);
    }
  });

  it('is twice the oracle’s upper bound for the unsigned transaction’s size on a built-in OP-stack chain (Base), asked without eth_getCode: room for Ethereum’s fees to double before inclusion', async () => {
    const { call, asked } = node('0x');
    expect(await l1FeeUpperBound(call, { chainId: '0x2105', builtIn: true }, async () => [TX, TX])).toBe(ROOM * 2n * BigInt(SIZE) * 1000n);
    expect(asked.map((a) => a.method)).toEqual(['eth_call', 'eth_call']);
    expect(asked[0].data).toBe(UPPER_BOUND + AbiCoder.defaultAbiCoder().encode(['uint256'], [SIZE]).slice(2));
  });

  it('is nothing on a built-in chain off the OP stack, with no read', async () => {
    const { call, asked } = node('0x6080');
    expect(await l1FeeUpperBound(call, { chainId: '0x1', builtIn: true }, async () => [TX])).toBe(0n);
    expect(asked).toEqual([]);
  });

  it('is charged on a network a site added when the predeploy has code there, which is asked once', async () => {
    const { call, asked } = node('0x6080');
    const added = { chainId: '0x1a4' as Hex, builtIn: false };
    expect(await l1FeeUpperBound(call, added, async () => [TX])).toBe(ROOM * BigInt(SIZE) * 1000n);
    expect(await l1FeeUpperBound(call, added, async () => [TX])).toBe(ROOM * BigInt(SIZE) * 1000n);
    expect(asked.filter((a) => a.method === 'eth_getCode')).toHaveLength(1);
  });

  it('is nothing on an added network without the predeploy', async () => {
    expect(await l1FeeUpperBound(node('0x').call, { chainId: '0x1a5', builtIn: false }, async () => [TX])).toBe(0n);
  });

  it('is twice getL1Fee of the unsigned bytes where the oracle predates Fjord (no upper bound)', async () => {
    const { call, asked } = node('0x6080', false);
    expect(await l1FeeUpperBound(call, { chainId: '0xa', builtIn: true }, async () => [TX])).toBe(ROOM * 42n);
    expect(asked.at(-1)?.data).toBe(L1_FEE + AbiCoder.defaultAbiCoder().encode(['bytes'], [TX]).slice(2));
  });
});
