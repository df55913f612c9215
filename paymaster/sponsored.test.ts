/**
 * End to end on a devnet of its own (ports 8645, 4437, 3100, 4273, so it runs beside the e2e suite's): a fresh EOA
 * with no ETH is delegated to Simple7702Account and sends a TST transfer in one userOp whose gas the
 * VerifyingPaymaster pays; Alto bundles it. The steps are example/client.ts's, checked one by one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Contract, Interface, JsonRpcProvider, Wallet, concat, dataSlice, getBytes, parseUnits, toQuantity, verifyMessage, type HDNodeWallet } from 'ethers';
import { createPublicClient, http } from 'viem';
import { createBundlerClient, createPaymasterClient, getUserOperationHash, toSimple7702SmartAccount } from 'viem/account-abstraction';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMASTER_SIGNER, SIMPLE_7702_ACCOUNT_ADDRESS } from '../devnet/constants';
import { startDevnet, type Devnet } from '../devnet/index';
import { RpcError } from '../src/shared/errors';
import { jsonRpc } from '../src/shared/jsonRpc';
import { userOperationHash } from '../src/shared/erc4337';
import {
  prepareSponsoredUserOperation, sendSponsoredCalls, signUserOperation, waitForUserOperationReceipt, type RpcUserOperation,
} from './example/client';
import { PAYMASTER_POST_OP_GAS_LIMIT, PAYMASTER_VERIFICATION_GAS_LIMIT } from './methods';
import { startPaymasterService } from './server';
import { openDatabase } from './store/open';
import { opDigests, parseUserOperation, paymasterHash, userOpHash } from './userOp';

const PORTS = { rpcPort: 8645, dappPort: 4273, bundlerPort: 4437, paymasterPort: 3100, ledgerEmulatorPort: 4280 };

const PACKED_USER_OPERATION = '(address sender, uint256 nonce, bytes initCode, bytes callData, bytes32 accountGasLimits, uint256 preVerificationGas, bytes32 gasFees, bytes paymasterAndData, bytes signature)';
const entryPointAbi = new Interface([
  `function getUserOpHash(${PACKED_USER_OPERATION} userOp) view returns (bytes32)`,
  'function balanceOf(address account) view returns (uint256)',
]);
const paymasterAbi = new Interface([`function getHash(${PACKED_USER_OPERATION} userOp, uint48 validUntil, uint48 validAfter) view returns (bytes32)`]);
const tokenAbi = ['function mint(address to, uint256 value)', 'function transfer(address to, uint256 value) returns (bool)', 'function balanceOf(address) view returns (uint256)'];
const DELEGATION = concat(['0xef0100', SIMPLE_7702_ACCOUNT_ADDRESS]).toLowerCase();

let devnet: Devnet;
let provider: JsonRpcProvider;
let token: Contract;
const logLines: string[] = [];

beforeAll(async () => {
  devnet = await startDevnet({ ...PORTS, paymasterLog: (line) => logLines.push(line) });
  provider = new JsonRpcProvider(devnet.rpcUrl, devnet.chainId, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
  token = new Contract(devnet.addresses.testToken, tokenAbi, new Wallet(devnet.accounts[0].privateKey, provider));
}, 60_000);

afterAll(async () => {
  provider?.destroy();
  await devnet?.stop();
});

/** A new EOA that holds 10 TST and no ETH. */
async function fundedOwner(): Promise<HDNodeWallet> {
  const owner = Wallet.createRandom();
  await (await token.mint(owner.address, parseUnits('10', 18))).wait();
  return owner;
}

function options(owner: HDNodeWallet, to: string, amount: string) {
  const transfer = token.interface.encodeFunctionData('transfer', [to, parseUnits(amount, 18)]);
  return { nodeUrl: devnet.rpcUrl, bundlerUrl: devnet.bundlerUrl, paymasterUrl: devnet.paymasterUrl, owner, calls: [{ to: devnet.addresses.testToken, data: transfer }] };
}

/** The PackedUserOperation the bundler puts into handleOps (factory "0x7702" packs to initCode 0x7702). */
function packed(op: RpcUserOperation) {
  const uint128 = (value: string) => BigInt(value).toString(16).padStart(32, '0');
  return {
    sender: op.sender,
    nonce: BigInt(op.nonce),
    initCode: op.factory ? concat([op.factory, op.factoryData ?? '0x']) : '0x',
    callData: op.callData,
    accountGasLimits: `0x${uint128(op.verificationGasLimit)}${uint128(op.callGasLimit)}`,
    preVerificationGas: BigInt(op.preVerificationGas),
    gasFees: `0x${uint128(op.maxPriorityFeePerGas)}${uint128(op.maxFeePerGas)}`,
    paymasterAndData: concat([op.paymaster!, `0x${uint128(op.paymasterVerificationGasLimit!)}`, `0x${uint128(op.paymasterPostOpGasLimit!)}`, op.paymasterData!]),
    signature: op.signature,
  };
}

/** eth_call as if the sender were already delegated: getUserOpHash reads the delegate from the sender's code. */
async function callDelegated(sender: string, to: string, data: string): Promise<string> {
  return provider.send('eth_call', [{ to, data }, 'latest', { [sender]: { code: DELEGATION } }]);
}

const deposit = async () => BigInt(await provider.call({ to: devnet.addresses.entryPoint, data: entryPointAbi.encodeFunctionData('balanceOf', [devnet.addresses.verifyingPaymaster]) }));

describe('a sponsored EIP-7702 userOp on the devnet', () => {
  it('delegates a fresh EOA with 0 ETH and moves its TST; the paymaster deposit pays the gas', async () => {
    const owner = await fundedOwner();
    const recipient = devnet.accounts[3].address;
    const [recipientBefore, depositBefore] = await Promise.all([token.balanceOf(recipient), deposit()]);

    const { userOp, chainId } = await prepareSponsoredUserOperation(options(owner, recipient, '1'));
    expect(userOp).toMatchObject({ sender: owner.address, nonce: '0x0', factory: '0x7702', paymaster: devnet.addresses.verifyingPaymaster });
    expect(userOp.eip7702Auth).toMatchObject({ address: SIMPLE_7702_ACCOUNT_ADDRESS, chainId: '0x7a69', nonce: '0x0' });

    // The v0.8 hash three ways: ours (EIP-712 hashed directly), the EntryPoint's own, viem's.
    const hash = userOperationHash(userOp, toQuantity(chainId) as `0x${string}`);
    const [entryPointHash] = entryPointAbi.decodeFunctionResult('getUserOpHash',
      await callDelegated(owner.address, devnet.addresses.entryPoint, entryPointAbi.encodeFunctionData('getUserOpHash', [packed(userOp)])));
    expect(entryPointHash).toBe(hash);
    expect(getUserOperationHash({ chainId: 31337, entryPointAddress: devnet.addresses.entryPoint as `0x${string}`, entryPointVersion: '0.8', userOperation: viemUserOp(userOp) })).toBe(hash);

    // The service signed exactly what the contract's getHash computes.
    const validUntil = Number(dataSlice(userOp.paymasterData!, 0, 6));
    const validAfter = Number(dataSlice(userOp.paymasterData!, 6, 12));
    const [contractHash] = paymasterAbi.decodeFunctionResult('getHash',
      await callDelegated(owner.address, devnet.addresses.verifyingPaymaster, paymasterAbi.encodeFunctionData('getHash', [packed(userOp), validUntil, validAfter])));
    const fields = { paymaster: devnet.addresses.verifyingPaymaster, paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT, paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT };
    const parsed = parseUserOperation(userOp, 'required');
    expect(paymasterHash(parsed, opDigests(parsed, SIMPLE_7702_ACCOUNT_ADDRESS), fields, chainId, validUntil, validAfter)).toBe(contractHash);
    expect(verifyMessage(getBytes(contractHash), dataSlice(userOp.paymasterData!, 12))).toBe(PAYMASTER_SIGNER.address);

    const signed = signUserOperation(userOp, chainId, owner);
    expect(await jsonRpc(devnet.bundlerUrl, 'eth_sendUserOperation', [signed, devnet.addresses.entryPoint])).toBe(hash);
    const receipt = await waitForUserOperationReceipt(devnet.bundlerUrl, hash);
    expect(receipt).toMatchObject({ userOpHash: hash, success: true, sender: owner.address, paymaster: devnet.addresses.verifyingPaymaster });

    expect(await provider.getBalance(owner.address)).toBe(0n);
    expect((await provider.getCode(owner.address)).toLowerCase()).toBe(DELEGATION);
    expect(await token.balanceOf(owner.address)).toBe(parseUnits('9', 18));
    expect(await token.balanceOf(recipient)).toBe(recipientBefore + parseUnits('1', 18));
    expect(await deposit()).toBe(depositBefore - BigInt(receipt.actualGasCost));
    expect(logLines.map((line) => JSON.parse(line)).filter((line) => line.sender === owner.address).map((line) => line.msg)).toEqual([
      `pm_getPaymasterStubData sender=${owner.address} nonce=0x0 -> stub`,
      `pm_getPaymasterData sender=${owner.address} nonce=0x0 -> signed`,
    ]);

    // Delegated now: the next userOp carries no authorization and no factory.
    const next = await sendSponsoredCalls(options(owner, recipient, '2'));
    expect(next.userOp).not.toHaveProperty('eip7702Auth');
    expect(next.userOp).not.toHaveProperty('factory');
    expect(next.receipt).toMatchObject({ success: true, paymaster: devnet.addresses.verifyingPaymaster });
    expect(await provider.getBalance(owner.address)).toBe(0n);
    expect(await token.balanceOf(owner.address)).toBe(parseUnits('7', 18));
  }, 30_000);

  it('records the userOp spent, with its actual gas cost, once the reconciler reads it from the EntryPoint\'s logs', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'paymaster-spent-'));
    const service = await startPaymasterService({
      port: 0, rpcUrl: devnet.rpcUrl, signerKey: PAYMASTER_SIGNER.privateKey, paymaster: devnet.addresses.verifyingPaymaster,
      entryPoint: devnet.addresses.entryPoint, policy: { sponsor: { name: 'Reconciled' }, chainIds: [31337] }, store: { dataDir }, reconcileIntervalMs: 0,
    });
    try {
      const owner = await fundedOwner();
      const { userOp, receipt } = await sendSponsoredCalls({ ...options(owner, devnet.accounts[5].address, '1'), paymasterUrl: service.url });
      // The hash the service records at signing is the one the EntryPoint logs.
      const fields = { paymaster: userOp.paymaster!, paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT, paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT };
      const parsed = parseUserOperation(userOp, 'required');
      expect(userOpHash(parsed, opDigests(parsed, SIMPLE_7702_ACCOUNT_ADDRESS), fields, userOp.paymasterData!, 31337n, devnet.addresses.entryPoint)).toBe(receipt.userOpHash);
      expect(await service.reconcile()).toMatchObject({ spent: 1, expired: 0 });
      await service.stop();
      const db = await openDatabase({ dataDir });
      const rows = await db.query('SELECT sender, nonce::text, status, user_op_hash, actual_gas_cost_wei::text AS actual, max_cost_wei::text AS max FROM sponsorships');
      await db.close();
      expect(rows).toEqual([{
        sender: owner.address.toLowerCase(), nonce: '0', status: 'spent', user_op_hash: receipt.userOpHash, actual: BigInt(receipt.actualGasCost).toString(), max: expect.any(String),
      }]);
      expect(BigInt((rows[0] as { max: string }).max)).toBeGreaterThanOrEqual(BigInt(receipt.actualGasCost));
    } finally {
      await service.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it('works with viem\'s own bundler and paymaster clients, without an API key', async () => {
    const owner = await fundedOwner();
    const client = createPublicClient({ chain: foundry, transport: http(devnet.rpcUrl) });
    const signer = privateKeyToAccount(owner.privateKey as `0x${string}`);
    const account = await toSimple7702SmartAccount({ client, owner: signer });
    const bundler = createBundlerClient({ account, client, transport: http(devnet.bundlerUrl), paymaster: createPaymasterClient({ transport: http(devnet.paymasterUrl) }) });
    const transfer = token.interface.encodeFunctionData('transfer', [devnet.accounts[6].address, parseUnits('1', 18)]) as `0x${string}`;
    const authorization = await signer.signAuthorization({ address: SIMPLE_7702_ACCOUNT_ADDRESS, chainId: 31337, nonce: 0 });
    const hash = await bundler.sendUserOperation({ calls: [{ to: devnet.addresses.testToken as `0x${string}`, data: transfer }], authorization });
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100 });
    expect(receipt).toMatchObject({ success: true, paymaster: devnet.addresses.verifyingPaymaster, sender: owner.address });
    expect(await provider.getBalance(owner.address)).toBe(0n);
    expect(await token.balanceOf(owner.address)).toBe(parseUnits('9', 18));
  }, 30_000);

  it('lets the wallet call the bundler from an extension origin (CORS)', async () => {
    const preflight = await fetch(devnet.bundlerUrl, {
      method: 'OPTIONS',
      headers: { Origin: 'chrome-extension://abcdef', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'content-type' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('chrome-extension://abcdef');
    expect(await jsonRpc(devnet.bundlerUrl, 'eth_supportedEntryPoints', [])).toEqual([devnet.addresses.entryPoint]);
  });

  it('is refused by the bundler when the paymaster data was not signed for it', async () => {
    const owner = await fundedOwner();
    const { userOp, chainId } = await prepareSponsoredUserOperation(options(owner, devnet.accounts[4].address, '1'));
    // Stretch the validity window the service signed; the account re-signs, so only the paymaster check can fail.
    const forged = signUserOperation({ ...userOp, paymasterData: concat(['0x0000ffffffff', dataSlice(userOp.paymasterData!, 6)]) as `0x${string}` }, chainId, owner);
    const error = await jsonRpc(devnet.bundlerUrl, 'eth_sendUserOperation', [forged, devnet.addresses.entryPoint]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RpcError);
    expect((error as RpcError).message).toMatch(/AA34 signature error/);
    expect(await provider.getCode(owner.address)).toBe('0x');
  }, 30_000);
});

function viemUserOp(op: RpcUserOperation) {
  const auth = op.eip7702Auth!;
  return {
    sender: op.sender as `0x${string}`,
    nonce: BigInt(op.nonce),
    factory: op.factory as `0x${string}`,
    factoryData: op.factoryData as `0x${string}`,
    callData: op.callData as `0x${string}`,
    callGasLimit: BigInt(op.callGasLimit),
    verificationGasLimit: BigInt(op.verificationGasLimit),
    preVerificationGas: BigInt(op.preVerificationGas),
    maxFeePerGas: BigInt(op.maxFeePerGas),
    maxPriorityFeePerGas: BigInt(op.maxPriorityFeePerGas),
    paymaster: op.paymaster as `0x${string}`,
    paymasterVerificationGasLimit: BigInt(op.paymasterVerificationGasLimit!),
    paymasterPostOpGasLimit: BigInt(op.paymasterPostOpGasLimit!),
    paymasterData: op.paymasterData as `0x${string}`,
    signature: op.signature as `0x${string}`,
    authorization: {
      address: auth.address as `0x${string}`,
      chainId: Number(auth.chainId),
      nonce: Number(auth.nonce),
      r: auth.r as `0x${string}`,
      s: auth.s as `0x${string}`,
      yParity: Number(auth.yParity),
    },
  };
}
