/**
 * A sponsored batch, or one whose fee may be paid in USDC: an allowance the account already gave the paymaster on a
 * token the wallet knows on the chain lets it take those tokens, whatever the screen says about the fee. Read once
 * per token while the batch is planned; a read that failed is said, never taken as no allowance.
 */
import { MaxUint256 } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { paymasterAllowances } from './paymasterAllowances';
import { ETHEREUM, FROM, SITE_PAYMASTER, USDC, USDC_PAYMASTER, USDT, chain, records } from './paymasterAllowances.fixture';

// An OP USDC the table (protection/knownTokens.ts) does not hold.
const OP_USDC: Hex = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
const NO_RECORDS = records([]);

describe('allowances the account already gave the paymaster that may take its fee', () => {
  it("names a sponsored batch's paymaster's allowance on each token the wallet knows on the chain, one read each", async () => {
    const { node, reads } = chain({ [USDC]: { [SITE_PAYMASTER]: 5_000_000n }, [USDT]: { [SITE_PAYMASTER]: MaxUint256, [USDC_PAYMASTER]: 1n } });
    const found = await paymasterAllowances(node, { from: FROM, sponsor: { url: 'https://pm.example', context: {}, paymaster: SITE_PAYMASTER } }, ETHEREUM, NO_RECORDS);
    expect(found).toEqual([
      { paymaster: SITE_PAYMASTER, token: USDC, symbol: 'USDC', amount: '5000000' },
      { paymaster: SITE_PAYMASTER, token: USDT, symbol: 'USDT', amount: MaxUint256.toString() },
    ]);
    expect(reads.length).toBe(new Set(reads).size);
    expect(reads).toContain(USDC);
  });

  it("names the USDC paymaster's when the fee may be paid in USDC, on the chain's USDC the table does not hold too", async () => {
    const op = { chainId: '0xa', usdcPaymaster: { paymaster: USDC_PAYMASTER, token: OP_USDC } } as Pick<Network, 'chainId' | 'usdcPaymaster'>;
    const { node, reads } = chain({ [OP_USDC]: { [USDC_PAYMASTER]: 7n } });
    expect(await paymasterAllowances(node, { from: FROM, usdcFee: { paymaster: op.usdcPaymaster } as never }, op, NO_RECORDS)).toEqual([{ paymaster: USDC_PAYMASTER, token: OP_USDC, symbol: 'USDC', amount: '7' }]);
    expect(reads).toEqual([OP_USDC]);
  });

  it('says a read that failed or answered no word, rather than taking it as none', async () => {
    const { node } = chain({}, [USDC]);
    const found = await paymasterAllowances(node, { from: FROM, usdcFee: { paymaster: ETHEREUM.usdcPaymaster } as never }, ETHEREUM, NO_RECORDS);
    expect(found).toEqual([{ paymaster: USDC_PAYMASTER, token: USDC, symbol: 'USDC', amount: null }]);
    const silent = (async () => '0x') as unknown as ChainNode;
    expect((await paymasterAllowances(silent, { from: FROM, usdcFee: { paymaster: ETHEREUM.usdcPaymaster } as never }, ETHEREUM, NO_RECORDS))?.filter((a) => a.amount === null)).toHaveLength(10);
  });

  it('reads nothing for a batch whose fee no paymaster takes, and names nothing when there is no allowance', async () => {
    const { node, reads } = chain({ [USDC]: { [USDC_PAYMASTER]: 1n } });
    expect(await paymasterAllowances(node, { from: FROM }, ETHEREUM, NO_RECORDS)).toBeUndefined();
    expect(reads).toEqual([]);
    expect(await paymasterAllowances(chain({}).node, { from: FROM, sponsor: { url: 'https://pm.example', context: {}, paymaster: SITE_PAYMASTER } }, ETHEREUM, NO_RECORDS)).toBeUndefined();
  });
});
