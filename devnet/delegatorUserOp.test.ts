/**
 * The wallet's DeleGator (the framework's EIP7702StatelessDeleGator built with the v0.8 EntryPoint) validates a userOp
 * signed over its own EIP-712 hash of the packed userOp and the EntryPoint's address, as the framework's kit signs
 * it: the account's batch runs through EntryPoint v0.8, and a signature bound to another EntryPoint is refused.
 */
import { signUserOperation } from '@metamask/smart-accounts-kit';
import { Contract, JsonRpcProvider, Wallet, parseEther, solidityPacked, toBeHex, zeroPadValue, ZeroHash } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELEGATOR_V08, ENTRY_POINT_V08 } from '../src/shared/contracts';
import { devnetAccounts } from './accounts';
import { startAnvil, type Anvil } from './anvil';
import { deployContracts } from './deploy';
import { deployDelegationFramework } from './delegationFramework';

const RPC_PORT = 8652;
const CHAIN_ID = 31337;
const ENTRY_POINT_V07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032';

describe('a userOp of an account delegated to the DeleGator, through EntryPoint v0.8', () => {
  let anvil: Anvil;
  let provider: JsonRpcProvider;
  const owner = Wallet.createRandom();
  const recipient = Wallet.createRandom().address;
  let bundler: Wallet;

  beforeAll(async () => {
    anvil = await startAnvil({ port: RPC_PORT });
    provider = new JsonRpcProvider(anvil.rpcUrl, CHAIN_ID, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
    const accounts = devnetAccounts();
    await Promise.all([deployContracts(provider, accounts), deployDelegationFramework(provider)]);
    bundler = new Wallet(accounts[1].privateKey, provider);
    await provider.send('anvil_setBalance', [owner.address, toBeHex(parseEther('10'))]);
    // The owner's EIP-7702 authorization, sent by another account (so its nonce is the owner's current one).
    const authorization = await owner.connect(provider).authorize({ address: DELEGATOR_V08, nonce: 0, chainId: CHAIN_ID });
    await (await bundler.sendTransaction({ type: 4, to: owner.address, authorizationList: [authorization] })).wait();
  });
  afterAll(async () => {
    provider?.destroy();
    await anvil?.stop();
  });

  /** A userOp that sends 1 ETH to `recipient` through the DeleGator's ERC-7821 execute (single call, default mode). */
  async function transferOp(entryPointInSignature: string) {
    const entryPoint = new Contract(ENTRY_POINT_V08, ['function getNonce(address,uint192) view returns (uint256)'], provider);
    const account = new Contract(owner.address, ['function execute(bytes32 mode, bytes executionCalldata)'], provider);
    const callData = account.interface.encodeFunctionData('execute', [ZeroHash, solidityPacked(['address', 'uint256', 'bytes'], [recipient, parseEther('1'), '0x'])]) as `0x${string}`;
    const userOperation = {
      sender: owner.address as `0x${string}`,
      nonce: (await entryPoint.getNonce(owner.address, 0)) as bigint,
      callData,
      callGasLimit: 200_000n,
      verificationGasLimit: 500_000n,
      preVerificationGas: 100_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      signature: '0x' as `0x${string}`,
    };
    const signature = await signUserOperation({
      privateKey: owner.privateKey as `0x${string}`, userOperation, entryPoint: { address: entryPointInSignature as `0x${string}` },
      // The kit's own EIP-7702 account signs with this name (index.mjs, contractName); the helper's type lists only the proxy accounts'.
      chainId: CHAIN_ID, name: 'EIP7702StatelessDeleGator' as 'HybridDeleGator', address: owner.address as `0x${string}`,
    });
    const pack = (high: bigint, low: bigint) => zeroPadValue(toBeHex((high << 128n) | low), 32);
    return [
      userOperation.sender, userOperation.nonce, '0x', callData, pack(userOperation.verificationGasLimit, userOperation.callGasLimit),
      userOperation.preVerificationGas, pack(userOperation.maxPriorityFeePerGas, userOperation.maxFeePerGas), '0x', signature,
    ];
  }

  const entryPoint = () => new Contract(ENTRY_POINT_V08, ['function handleOps((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes)[] ops, address beneficiary)', 'error FailedOp(uint256 opIndex, string reason)'], bundler);

  it('runs the account’s call when the signature names EntryPoint v0.8', async () => {
    await (await entryPoint().handleOps([await transferOp(ENTRY_POINT_V08)], bundler.address)).wait();
    expect(await provider.getBalance(recipient)).toBe(parseEther('1'));
    expect(await provider.getCode(owner.address)).toBe(`0xef0100${DELEGATOR_V08.slice(2).toLowerCase()}`);
  });

  it('refuses a signature bound to another EntryPoint (AA24)', async () => {
    await expect(entryPoint().handleOps.staticCall([await transferOp(ENTRY_POINT_V07)], bundler.address)).rejects.toMatchObject({ revert: { args: [0n, 'AA24 signature error'] } });
  });
});

