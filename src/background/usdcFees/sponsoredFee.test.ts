/** The fee a USDC paymaster took, read from its UserOperationSponsored event in the receipt: what Activity shows, not the bundler's word. */
import { AbiCoder, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { sponsoredFeeOf } from './sponsoredFee';

const PAYMASTER: Hex = '0x0578cFB241215b77442a541325d6A4E6dFE700Ec';
const TOKEN: Hex = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
const SENDER: Hex = '0x148cab4b1a7e8c23ae62967cfc8df62921111111';
const OP_HASH: Hex = `0x${'49'.repeat(32)}`;
const event = new Interface(['event UserOperationSponsored(address indexed token, address indexed sender, bytes32 userOpHash, uint256 nativeTokenPrice, uint256 actualTokenNeeded, uint256 feeTokenAmount)']);

function log(overrides: { address?: Hex; sender?: Hex; userOpHash?: Hex } = {}) {
  const { data, topics } = event.encodeEventLog('UserOperationSponsored', [TOKEN, overrides.sender ?? SENDER, overrides.userOpHash ?? OP_HASH, 3_000_000_000n, 885_909n, 80_538n]);
  return { address: overrides.address ?? PAYMASTER, topics, data };
}

describe('the fee a USDC paymaster took', () => {
  it("is its event's for this op and sender: the token, the amount taken (spread included), the spread and the price", () => {
    expect(sponsoredFeeOf([log()], { paymaster: PAYMASTER, sender: SENDER, userOpHash: OP_HASH })).toEqual({
      token: TOKEN, taken: 885_909n, spread: 80_538n, nativeTokenPrice: 3_000_000_000n,
    });
  });

  it('is found whatever the case of the addresses in the log', () => {
    const lower = { ...log(), address: PAYMASTER.toLowerCase() as Hex };
    expect(sponsoredFeeOf([lower], { paymaster: PAYMASTER, sender: SENDER.toUpperCase().replace('0X', '0x') as Hex, userOpHash: OP_HASH })?.taken).toBe(885_909n);
  });

  it('is none from another contract, for another op or another sender: a look-alike event proves nothing', () => {
    const other: Hex = '0x000000000000000000000000000000000000dEaD';
    const logs = [log({ address: other }), log({ userOpHash: `0x${'00'.repeat(32)}` }), log({ sender: other })];
    expect(sponsoredFeeOf(logs, { paymaster: PAYMASTER, sender: SENDER, userOpHash: OP_HASH })).toBeUndefined();
  });

  it('is none when the data is not four words', () => {
    const short = { ...log(), data: AbiCoder.defaultAbiCoder().encode(['bytes32'], [OP_HASH]) };
    expect(sponsoredFeeOf([short], { paymaster: PAYMASTER, sender: SENDER, userOpHash: OP_HASH })).toBeUndefined();
  });
});
