/**
 * The EIP-7702 authorization a UserOperation that upgrades the account carries in `eip7702Auth` (to Simple7702Account,
 * as every upgrade); the userOp's own signature is its delegate's (../batches/delegates.ts).
 */
import { toQuantity, type BaseWallet } from 'ethers';
import { SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import type { RpcEip7702Auth } from '../../shared/erc4337';
import type { Hex } from '../../shared/params';

/** For estimation before the user approved (or before a device signed): the shape of an authorization, signed by nobody. */
export const dummyAuthorization = (chainId: Hex, nonce: number, address: Hex = SIMPLE_7702_ACCOUNT): RpcEip7702Auth => ({
  address, chainId, nonce: toQuantity(nonce) as Hex, r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, yParity: '0x0',
});

export async function signedAuthorization(wallet: BaseWallet, chainId: Hex, nonce: number): Promise<RpcEip7702Auth> {
  const { signature } = await wallet.authorize({ address: SIMPLE_7702_ACCOUNT, chainId: BigInt(chainId), nonce });
  return { address: SIMPLE_7702_ACCOUNT, chainId, nonce: toQuantity(nonce) as Hex, r: signature.r as Hex, s: signature.s as Hex, yParity: toQuantity(signature.yParity) as Hex };
}
