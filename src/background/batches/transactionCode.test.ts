/** What the handlers read of signed transactions, in the worker's later script. */
import { Wallet, ZeroAddress } from 'ethers';
import { describe, expect, it } from 'vitest';
import { SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import { DELEGATES } from '../../shared/delegates';
import type { Hex } from '../../shared/params';
import { signedAuthorizations } from './transactionCode';

describe('a speed-up\'s screen', () => {
  it('names the EIP-7702 authorizations the original carries, which the replacement signs again', async () => {
    const [sender, other] = [Wallet.createRandom(), Wallet.createRandom()];
    const authorizationList = [
      await sender.authorize({ address: SIMPLE_7702_ACCOUNT, nonce: 1n, chainId: 31337n }),
      await other.authorize({ address: ZeroAddress, nonce: 0n, chainId: 31337n }),
    ];
    const raw = (await sender.signTransaction({ type: 4, chainId: 31337n, nonce: 0, to: sender.address, gasLimit: 100_000n, maxFeePerGas: 2n, maxPriorityFeePerGas: 1n, authorizationList })) as Hex;
    expect(signedAuthorizations(raw)).toEqual([
      { authority: sender.address, delegate: SIMPLE_7702_ACCOUNT, delegateName: DELEGATES.simple7702Account.name },
      { authority: other.address, delegate: ZeroAddress },
    ]);
  });
});
