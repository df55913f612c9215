/** A sponsored batch of the Ledger account, for the tests of its userOp signed on the device: the node, bundler and paymaster in one stub, and the device's answer. */
import { concat, getAddress, toBeHex, type Wallet } from 'ethers';
import type { DevicePayload } from '../../shared/deviceSigning';
import { userOperationHash, type RpcUserOperation } from '../../shared/erc4337';
import type { Hex } from '../../shared/params';
import type { RpcRequest } from '../../shared/protocol';
import { LEDGER, RECIPIENT, devnetNode } from './deviceSigning.fixture';

export const PAYMASTER = getAddress('0x33edc8964dff8cb68084759c72e6b2757fe1a762') as Hex;
const URL = 'https://paymaster.example/rpc';
export const sponsoredCalls = (calls = 2): RpcRequest => ({
  method: 'wallet_sendCalls',
  params: [{ version: '2.0.0', chainId: '0x7a69', from: LEDGER, atomicRequired: true, calls: Array.from({ length: calls }, (_, i) => ({ to: RECIPIENT, value: `0x${(i + 1).toString(16)}` })), capabilities: { paymasterService: { url: URL } } }],
});

/**
 * The devnet node, its bundler and the paymaster in one stub: the stub's data is 0x01, the final data 0x02. `chain`,
 * when given, is the account's code and EntryPoint nonce as they change (else the account has `code`, its nonce is 5).
 */
export function sponsoredNode(code = '0x', nonce = { value: 2 }, chain?: { code: string; entryPointNonce: number }) {
  const operations: RpcUserOperation[] = [];
  const stubbed: RpcUserOperation[] = [];
  const fields = (paymasterData: Hex) => ([op]: unknown[]) => (paymasterData === '0x01' && stubbed.push(op as RpcUserOperation), { paymaster: PAYMASTER, paymasterData, paymasterVerificationGasLimit: '0x7530', paymasterPostOpGasLimit: '0x0', sponsor: { name: 'Devnet Paymaster' } });
  const node = devnetNode(nonce, {
    code,
    more: {
      eth_call: () => toBeHex(chain?.entryPointNonce ?? 5, 32),
      ...(chain ? { eth_getCode: ([address]: unknown[]) => (String(address).toLowerCase() === LEDGER.toLowerCase() ? chain.code : DELEGATE_RUNTIME) } : {}),
      eth_supportedEntryPoints: () => [],
      pm_getPaymasterStubData: fields('0x01'),
      pm_getPaymasterData: fields('0x02'),
      eth_estimateUserOperationGas: () => ({ callGasLimit: '0x186a0', verificationGasLimit: '0x186a0', preVerificationGas: '0xc350' }),
      // Held: a batch of an earlier test, still followed, is not handed to this test's bundler again.
      eth_getUserOperationByHash: () => ({}),
      eth_sendUserOperation: ([op]) => (operations.push(op as RpcUserOperation), userOperationHash(op as RpcUserOperation, '0x7a69')),
    },
  });
  return { ...node, operations, stubbed };
}

/** What the account's delegate has as code (any: it is there). */
const DELEGATE_RUNTIME = '0x6080604052';

export const userOperationOf = (payload: DevicePayload | undefined) => {
  if (payload?.kind !== 'userOperation') throw new Error(`not a userOp: ${payload?.kind}`);
  return payload;
};

/** The device's answer: the typed data `key` signs, after the authorization `signer` signs for `tuple` (the payload's by default). */
export async function signedBy(key: Wallet, payload: DevicePayload | undefined, signer = key, tuple?: Partial<{ address: Hex; chainId: bigint }>): Promise<string> {
  const { typedData, authorization } = userOperationOf(payload);
  const { EIP712Domain: _domain, ...types } = typedData.types;
  const opSignature = await key.signTypedData(typedData.domain, types, typedData.message);
  if (!authorization) return opSignature;
  const signed = await signer.authorize({ address: authorization.address, chainId: BigInt(authorization.chainId), nonce: BigInt(authorization.nonce), ...tuple });
  return concat([signed.signature.serialized, opSignature]);
}
