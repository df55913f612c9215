/**
 * What the wallet's key signs for a UserOperation of an EIP-7702 account delegated to Simple7702Account: the
 * authorization carried in `eip7702Auth`, and the EntryPoint's userOp hash (src/shared/erc4337.ts).
 */
import { toQuantity, type BaseWallet } from 'ethers';
import { SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import { userOperationHash, type RpcEip7702Auth, type RpcUserOperation } from '../../shared/erc4337';
import type { Hex } from '../../shared/params';

/** For estimation before the user approved: the shape of an authorization, signed by nobody. */
export const dummyAuthorization = (chainId: Hex, nonce: number): RpcEip7702Auth => ({
  address: SIMPLE_7702_ACCOUNT, chainId, nonce: toQuantity(nonce) as Hex, r: `0x${'11'.repeat(32)}`, s: `0x${'22'.repeat(32)}`, yParity: '0x0',
});

export async function signedAuthorization(wallet: BaseWallet, chainId: Hex, nonce: number): Promise<RpcEip7702Auth> {
  const { signature } = await wallet.authorize({ address: SIMPLE_7702_ACCOUNT, chainId: BigInt(chainId), nonce });
  return { address: SIMPLE_7702_ACCOUNT, chainId, nonce: toQuantity(nonce) as Hex, r: signature.r as Hex, s: signature.s as Hex, yParity: toQuantity(signature.yParity) as Hex };
}

/** Simple7702Account checks ECDSA.recover(userOpHash, signature) == itself: a raw signature of the hash, no prefix. */
export function signUserOperation(op: RpcUserOperation, chainId: Hex, wallet: BaseWallet): RpcUserOperation {
  return { ...op, signature: wallet.signingKey.sign(userOperationHash(op, chainId)).serialized as Hex };
}
