/** What @metamask/smart-accounts-kit signs for a DeleGator account's userOp (EntryPoint v0.8): the reference the wallet's signature is held to. */
import { signUserOperation } from '@metamask/smart-accounts-kit';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import type { RpcUserOperation } from '../../shared/erc4337';

export function kitDeleGatorSignature(op: RpcUserOperation, privateKey: string, chainId: number): Promise<string> {
  return signUserOperation({
    privateKey: privateKey as `0x${string}`,
    userOperation: {
      sender: op.sender, nonce: BigInt(op.nonce), callData: op.callData, callGasLimit: BigInt(op.callGasLimit), verificationGasLimit: BigInt(op.verificationGasLimit),
      preVerificationGas: BigInt(op.preVerificationGas), maxFeePerGas: BigInt(op.maxFeePerGas), maxPriorityFeePerGas: BigInt(op.maxPriorityFeePerGas),
      ...(op.paymaster
        ? { paymaster: op.paymaster, paymasterVerificationGasLimit: BigInt(op.paymasterVerificationGasLimit!), paymasterPostOpGasLimit: BigInt(op.paymasterPostOpGasLimit!), paymasterData: op.paymasterData }
        : {}),
    },
    entryPoint: { address: ENTRY_POINT_V08 },
    // The kit's own EIP-7702 account signs with this name; the helper's type lists only the proxy accounts'.
    chainId, name: 'EIP7702StatelessDeleGator' as 'HybridDeleGator', address: op.sender,
  });
}
