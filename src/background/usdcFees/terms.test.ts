/** The paymaster's terms, read from the contract (never assumed): its price, spread and extra gas charge. */
import { AbiCoder, id } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { readPaymasterTerms } from './terms';

const PAYMASTER: Hex = '0x0578cFB241215b77442a541325d6A4E6dFE700Ec';
const word = (value: bigint) => AbiCoder.defaultAbiCoder().encode(['uint256'], [value]);
const ANSWERS: Record<string, string> = {
  [id('fetchPrice()').slice(0, 10)]: word(3_000_000_000n),
  [id('feeSpread()').slice(0, 10)]: word(1_000n),
  [id('additionalGasCharge()').slice(0, 10)]: word(30_000n),
};

function node(code: Hex, answers: Record<string, unknown> = ANSWERS) {
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    if (method === 'eth_getCode' && params[0] === PAYMASTER) return code as T;
    if (method === 'eth_call' && (params[0] as { to: string }).to === PAYMASTER) return answers[(params[0] as { data: string }).data] as T;
    throw new Error(`unexpected ${method}`);
  };
}

describe("the paymaster's terms", () => {
  it('are its price of 1 ether in USDC, its spread in basis points and its extra gas charge', async () => {
    expect(await readPaymasterTerms(node('0x6080'), PAYMASTER)).toEqual({ price: 3_000_000_000n, feeSpread: 1_000n, additionalGasCharge: 30_000n });
  });

  it('are not read where the address has no code: no paymaster to offer', async () => {
    await expect(readPaymasterTerms(node('0x'), PAYMASTER)).rejects.toMatchObject({ code: -32002, message: `No USDC paymaster at ${PAYMASTER} on this network` });
  });

  it('are refused when an answer is not one uint256 word, or the price is zero', async () => {
    await expect(readPaymasterTerms(node('0x6080', { ...ANSWERS, [id('feeSpread()').slice(0, 10)]: '-1' }), PAYMASTER)).rejects.toThrow(/feeSpread/);
    await expect(readPaymasterTerms(node('0x6080', { ...ANSWERS, [id('fetchPrice()').slice(0, 10)]: word(0n) }), PAYMASTER)).rejects.toThrow(/price/);
  });
});
