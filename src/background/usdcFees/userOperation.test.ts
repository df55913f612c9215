/**
 * A userOp whose fee is paid in USDC: planned before the user approves (estimated without the paymaster, the sender's
 * balance overridden; nothing signed), paid after (the terms read again, the permit signed for the approved cap).
 */
import { AbiCoder, Wallet, id, verifyTypedData } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import { STUB_SIGNATURE, type RpcUserOperation } from '../../shared/erc4337';
import type { Hex } from '../../shared/params';
import { usdcPaymasterData } from './paymasterData';
import { payInUsdc, planUsdcFee } from './userOperation';

const PAYMASTER: Hex = '0x0578cFB241215b77442a541325d6A4E6dFE700Ec';
const TOKEN: Hex = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const owner = Wallet.createRandom();
const word = (value: bigint) => AbiCoder.defaultAbiCoder().encode(['uint256'], [value]);
const text = (value: string) => AbiCoder.defaultAbiCoder().encode(['string'], [value]);

const DRAFT: RpcUserOperation = {
  sender: owner.address as Hex, nonce: '0x0', callData: '0x1234', callGasLimit: '0x0', verificationGasLimit: '0x0', preVerificationGas: '0x0',
  maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00', signature: STUB_SIGNATURE,
};
const ESTIMATE = { callGasLimit: '0x186a0', verificationGasLimit: '0x30d40', preVerificationGas: '0xc350' } as const;

/** A chain whose paymaster charges `price` per ether (10% spread, 30,000 gas extra) and whose USDC is "USD Coin" v2. */
function chain(price = 3_000_000_000n) {
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    if (method === 'eth_getCode') return '0x6080' as T;
    const { to, data } = params[0] as { to: string; data: string };
    const selector = data.slice(0, 10);
    const answers: Record<string, string> = to === PAYMASTER
      ? { [id('fetchPrice()').slice(0, 10)]: word(price), [id('feeSpread()').slice(0, 10)]: word(1_000n), [id('additionalGasCharge()').slice(0, 10)]: word(30_000n) }
      : { [id('name()').slice(0, 10)]: text('USD Coin'), [id('version()').slice(0, 10)]: text('2'), [id('nonces(address)').slice(0, 10)]: word(0n) };
    return answers[selector] as T;
  };
}

describe('planning a fee in USDC', () => {
  it("asks the bundler's estimate without paymaster fields, with the sender's balance overridden: it holds no ETH and no permit is signed yet", async () => {
    const bundler = vi.fn(async () => ESTIMATE);
    await planUsdcFee(chain(), bundler as never, { paymaster: PAYMASTER, token: TOKEN }, { ...DRAFT, paymaster: PAYMASTER, paymasterData: '0xdead' }, 1_100_000_000n);
    expect(bundler).toHaveBeenCalledWith('eth_estimateUserOperationGas', [DRAFT, ENTRY_POINT_V08, { [owner.address]: { balance: expect.stringMatching(/^0x[0-9a-f]+$/) } }]);
  });

  it("quotes the estimated limits with the wallet's paymaster gas, and keeps them for the send", async () => {
    const plan = await planUsdcFee(chain(), async <T>() => ESTIMATE as T, { paymaster: PAYMASTER, token: TOKEN }, DRAFT, 1_100_000_000n);
    expect(plan.op).toMatchObject({ ...DRAFT, ...ESTIMATE });
    expect(plan.quote.maximum).toBeGreaterThan(plan.quote.expected);
    expect(plan.quote.terms).toEqual({ price: 3_000_000_000n, feeSpread: 1_000n, additionalGasCharge: 30_000n });
  });

  it.each([
    ['a negative decimal', { ...ESTIMATE, preVerificationGas: '-1000000000' }],
    ['decimal digits, which the op would carry as they came', { ...ESTIMATE, callGasLimit: '100000' }],
    ['a number', { ...ESTIMATE, verificationGasLimit: 200_000 }],
    ['more than a uint128', { ...ESTIMATE, callGasLimit: `0x1${'0'.repeat(32)}` }],
    ['nothing', { ...ESTIMATE, callGasLimit: undefined }],
  ])("refuses a bundler's estimate holding %s: a gas limit is a hex quantity, and the quote (the cap the user approves) is priced from them", async (_what, estimate) => {
    await expect(planUsdcFee(chain(), async <T>() => estimate as T, { paymaster: PAYMASTER, token: TOKEN }, DRAFT, 1_100_000_000n)).rejects.toMatchObject({
      code: -32603, message: expect.stringMatching(/^The bundler answered eth_estimateUserOperationGas with .+, not the op's gas limits as hex quantities$/),
    });
  });
});

describe('paying a planned fee in USDC', () => {
  it('signs a permit of the approved cap, the paymaster as spender, and puts it in the paymaster fields', async () => {
    const plan = await planUsdcFee(chain(), async <T>() => ESTIMATE as T, { paymaster: PAYMASTER, token: TOKEN }, DRAFT, 1_100_000_000n);
    const paid = await payInUsdc(chain(), owner, '0x2105', plan, plan.quote.maximum);
    expect(paid.paymaster).toBe(PAYMASTER);
    const signature = `0x${paid.paymasterData!.slice(2 + 2 * (1 + 20 + 32))}` as Hex;
    expect(paid.paymasterData).toBe(usdcPaymasterData({ token: TOKEN, permitAmount: plan.quote.maximum, permitSignature: signature }));
    const permit = { owner: owner.address, spender: PAYMASTER, value: plan.quote.maximum, nonce: 0n, deadline: (1n << 256n) - 1n };
    const types = { Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }, { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' }] };
    expect(verifyTypedData({ name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: TOKEN }, types, permit, signature)).toBe(owner.address);
  });

  it('signs nothing when the price moved so far that the fee could now exceed the approved cap', async () => {
    const plan = await planUsdcFee(chain(), async <T>() => ESTIMATE as T, { paymaster: PAYMASTER, token: TOKEN }, DRAFT, 1_100_000_000n);
    const signer = { address: owner.address, signTypedData: vi.fn() };
    await expect(payInUsdc(chain(3_200_000_000n), signer, '0x2105', plan, plan.quote.maximum)).rejects.toMatchObject({
      code: 4300, message: expect.stringMatching(/^The network fee would exceed the approved maximum of \d+\.\d+ USDC: it could now take up to \d+\.\d+ USDC; nothing was signed or sent$/),
    });
    expect(signer.signTypedData).not.toHaveBeenCalled();
  });
});
