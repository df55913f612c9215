/**
 * Reference client, in ethers only, of what the wallet's background does for a sponsored batch on the devnet:
 * an EOA (delegated to Simple7702Account in the same userOp when it is not yet) sends executeBatch(calls) as an
 * EntryPoint v0.8 UserOperation whose gas the VerifyingPaymaster pays. ../README.md shows every request.
 *
 *   1. pm_getPaymasterStubData   → paymaster fields for estimation (dummy paymaster signature)
 *   2. eth_estimateUserOperationGas (bundler) → callGasLimit, verificationGasLimit, preVerificationGas
 *   3. pm_getPaymasterData       → the signed paymaster fields for those gas values
 *   4. sign the EIP-712 userOp hash with the EOA's key, eth_sendUserOperation, poll eth_getUserOperationReceipt
 */
import { Interface, JsonRpcProvider, concat, toQuantity, type BaseWallet } from 'ethers';
import { setTimeout as delay } from 'node:timers/promises';
import { ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT } from '../../src/shared/contracts';
import { EIP7702_FACTORY, STUB_SIGNATURE, userOperationHash, type PaymasterFields, type RpcEip7702Auth, type RpcUserOperation } from '../../src/shared/erc4337';
import { jsonRpc } from '../../src/shared/jsonRpc';
import type { Hex } from '../../src/shared/params';

export type { RpcUserOperation };

export interface Call {
  to: string;
  value?: bigint;
  data?: string;
}

export interface SponsoredCallsOptions {
  nodeUrl: string;
  bundlerUrl: string;
  paymasterUrl: string;
  /** The EOA; it signs the EIP-7702 authorization and the userOp hash. It needs no ETH. */
  owner: BaseWallet;
  calls: Call[];
  /** ERC-7677 context, passed through to the paymaster service. */
  context?: Record<string, unknown>;
}

export interface UserOperationReceipt {
  userOpHash: string;
  success: boolean;
  actualGasCost: string;
  actualGasUsed: string;
  paymaster: string;
  receipt: { transactionHash: string; blockNumber: string };
}

const account = new Interface(['function executeBatch((address target, uint256 value, bytes data)[] calls)']);
const entryPoint = new Interface(['function getNonce(address sender, uint192 key) view returns (uint256)']);

/** Builds, sponsors, signs and sends the userOp; resolves with its receipt once it is in a block. */
export async function sendSponsoredCalls(options: SponsoredCallsOptions) {
  const { userOp, chainId } = await prepareSponsoredUserOperation(options);
  const signed = signUserOperation(userOp, chainId, options.owner);
  const userOpHash = await jsonRpc<string>(options.bundlerUrl, 'eth_sendUserOperation', [signed, ENTRY_POINT_V08]);
  return { userOp: signed, userOpHash, receipt: await waitForUserOperationReceipt(options.bundlerUrl, userOpHash) };
}

/** Steps 1-3: the userOp with final gas and paymaster fields, still carrying the dummy account signature. */
export async function prepareSponsoredUserOperation({ nodeUrl, bundlerUrl, paymasterUrl, owner, calls, context = {} }: SponsoredCallsOptions) {
  const node = new JsonRpcProvider(nodeUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  try {
    const sender = owner.address;
    const chainId = (await node.getNetwork()).chainId;
    const [code, eoaNonce, opNonce, fees] = await Promise.all([
      node.getCode(sender),
      node.getTransactionCount(sender, 'latest'),
      node.call({ to: ENTRY_POINT_V08, data: entryPoint.encodeFunctionData('getNonce', [sender, 0]) }),
      feesPerGas(node),
    ]);
    const delegated = code.toLowerCase() === concat(['0xef0100', SIMPLE_7702_ACCOUNT]).toLowerCase();
    // Not delegated yet: the bundler's transaction carries the EOA's authorization (at the EOA's current nonce: the
    // EOA sends no transaction itself), and factory "0x7702" tells the EntryPoint to hash the delegate instead.
    const eip7702Auth = delegated ? undefined : signAuthorization(owner, chainId, eoaNonce);
    let userOp: RpcUserOperation = {
      sender: sender as Hex,
      nonce: toQuantity(BigInt(opNonce)) as Hex,
      ...(eip7702Auth ? { factory: EIP7702_FACTORY, factoryData: '0x', eip7702Auth } : {}),
      callData: account.encodeFunctionData('executeBatch', [calls.map((c) => [c.to, c.value ?? 0n, c.data ?? '0x'])]) as Hex,
      callGasLimit: '0x0',
      verificationGasLimit: '0x0',
      preVerificationGas: '0x0',
      ...fees,
      signature: STUB_SIGNATURE,
    };
    const pmParams = () => [userOp, ENTRY_POINT_V08, toQuantity(chainId), context];

    const stub = await jsonRpc<PaymasterFields>(paymasterUrl, 'pm_getPaymasterStubData', pmParams());
    userOp = { ...userOp, ...paymasterFields(stub) };

    const gas = await jsonRpc<Pick<RpcUserOperation, 'callGasLimit' | 'verificationGasLimit' | 'preVerificationGas'>>(
      bundlerUrl, 'eth_estimateUserOperationGas', [userOp, ENTRY_POINT_V08]);
    // The paymaster's gas limits stay the service's (ERC-7677): it signs over them and pays for them.
    userOp = { ...userOp, callGasLimit: gas.callGasLimit, verificationGasLimit: gas.verificationGasLimit, preVerificationGas: gas.preVerificationGas };

    const sponsored = await jsonRpc<PaymasterFields>(paymasterUrl, 'pm_getPaymasterData', pmParams());
    return { userOp: { ...userOp, ...paymasterFields(sponsored) }, chainId };
  } finally {
    node.destroy();
  }
}

/** Step 4: the owner signs the v0.8 userOp hash (EIP-712, src/shared/erc4337.ts, the wallet's own code) with its raw key. */
export function signUserOperation(userOp: RpcUserOperation, chainId: bigint, owner: BaseWallet): RpcUserOperation {
  return { ...userOp, signature: owner.signingKey.sign(userOperationHash(userOp, toQuantity(chainId) as Hex)).serialized as Hex };
}

/** EIP-7702 authorization in the form Alto and viem put into `eip7702Auth`. */
export function signAuthorization(owner: BaseWallet, chainId: bigint, nonce: number): RpcEip7702Auth {
  const { signature } = owner.authorizeSync({ address: SIMPLE_7702_ACCOUNT, chainId, nonce });
  const quantity = (value: bigint | number) => toQuantity(value) as Hex;
  return { address: SIMPLE_7702_ACCOUNT, chainId: quantity(chainId), nonce: quantity(nonce), r: signature.r as Hex, s: signature.s as Hex, yParity: quantity(signature.yParity) };
}

/** Fees from the node, doubled for headroom like viem does: the paymaster pays only for gas actually used. */
async function feesPerGas(node: JsonRpcProvider): Promise<{ maxFeePerGas: Hex; maxPriorityFeePerGas: Hex }> {
  const [block, priority] = await Promise.all([node.getBlock('latest'), node.send('eth_maxPriorityFeePerGas', [])]);
  const maxPriorityFeePerGas = 2n * BigInt(priority);
  return { maxFeePerGas: toQuantity(2n * (block?.baseFeePerGas ?? 0n) + maxPriorityFeePerGas) as Hex, maxPriorityFeePerGas: toQuantity(maxPriorityFeePerGas) as Hex };
}

/** Only the four userOp fields of an ERC-7677 result (the stub also has sponsor and isFinal). */
function paymasterFields(result: PaymasterFields): PaymasterFields {
  const { paymaster, paymasterData, paymasterVerificationGasLimit, paymasterPostOpGasLimit } = result;
  return { paymaster, paymasterData, paymasterVerificationGasLimit, paymasterPostOpGasLimit };
}

export async function waitForUserOperationReceipt(bundlerUrl: string, userOpHash: string, timeoutMs = 30_000): Promise<UserOperationReceipt> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await jsonRpc<UserOperationReceipt | null>(bundlerUrl, 'eth_getUserOperationReceipt', [userOpHash]);
    if (receipt) return receipt;
    if (Date.now() > deadline) throw new Error(`userOp ${userOpHash} has no receipt after ${timeoutMs} ms`);
    await delay(100);
  }
}
