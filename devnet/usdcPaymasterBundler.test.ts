/**
 * A fee in USDC through a real bundler (Alto, as the devnet runs it, on ports of this test's own): the userOp's gas is
 * planned by the wallet's src/background/usdcFees/userOperation.ts (estimated without the paymaster, the sender's
 * balance overridden: a permit cannot be signed before the user approves, and validation would refuse a stub one) and
 * paid (the quote's cap in the signed permit); the bundler takes it and the chain runs it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { Contract, JsonRpcProvider, Wallet, parseUnits, toQuantity, type InterfaceAbi } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadArtifact } from '../contracts/compile';
import { sponsoredFeeOf } from '../src/background/usdcFees/sponsoredFee';
import { payInUsdc, planUsdcFee } from '../src/background/usdcFees/userOperation';
import { ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT } from '../src/shared/contracts';
import { STUB_SIGNATURE, userOperationHash, type RpcUserOperation } from '../src/shared/erc4337';
import { jsonRpc } from '../src/shared/jsonRpc';
import type { Hex } from '../src/shared/params';
import { devnetAccounts } from './accounts';
import { startAnvil, type Anvil } from './anvil';
import { startBundler, type Bundler } from './bundler';
import { TEST_USDC_ADDRESS, USDC_PAYMASTER_ADDRESS } from './constants';
import { deployContracts, fundBundlerWallets } from './deploy';

const RPC_PORT = 8662;
const BUNDLER_PORT = 4347;
const CHAIN_ID = 31337;
const USDC = (amount: string) => parseUnits(amount, 6);
const q = (value: bigint) => toQuantity(value) as Hex;

describe('a fee in USDC through the bundler', () => {
  let anvil: Anvil;
  let bundler: Bundler;
  let provider: JsonRpcProvider;
  const owner = Wallet.createRandom();
  const recipient = Wallet.createRandom().address;
  const node = <T>(method: string, params: unknown[] = []) => provider.send(method, params) as Promise<T>;
  const bundlerCall = <T>(method: string, params: unknown[]) => jsonRpc<T>(bundler.url, method, params);

  beforeAll(async () => {
    anvil = await startAnvil({ port: RPC_PORT });
    provider = new JsonRpcProvider(anvil.rpcUrl, CHAIN_ID, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
    const accounts = devnetAccounts();
    await Promise.all([deployContracts(provider, accounts), fundBundlerWallets(provider)]);
    bundler = await startBundler({ rpcUrl: anvil.rpcUrl, port: BUNDLER_PORT });
    const sender = new Wallet(accounts[3].privateKey, provider);
    const usdc = new Contract(TEST_USDC_ADDRESS, (await loadArtifact('TestUsdc')).abi as InterfaceAbi, sender);
    await (await usdc.mint(owner.address, USDC('100'))).wait();
    const authorization = await owner.connect(provider).authorize({ address: SIMPLE_7702_ACCOUNT, nonce: 0, chainId: CHAIN_ID });
    await (await sender.sendTransaction({ type: 4, to: owner.address, authorizationList: [authorization] })).wait();
  }, 120_000);
  afterAll(async () => {
    provider?.destroy();
    await bundler?.stop();
    await anvil?.stop();
  });

  it('estimates without the paymaster, then lands the userOp paid in USDC under the quoted cap', async () => {
    const usdc = new Contract(TEST_USDC_ADDRESS, (await loadArtifact('TestUsdc')).abi as InterfaceAbi, provider);
    const entryPoint = new Contract(ENTRY_POINT_V08, ['function getNonce(address,uint192) view returns (uint256)'], provider);
    const account = new Contract(owner.address, ['function execute(address target, uint256 value, bytes data)']);
    const block = await provider.getBlock('latest');
    const maxPriorityFeePerGas = 1_000_000_000n;
    const maxFeePerGas = 2n * block!.baseFeePerGas! + maxPriorityFeePerGas;
    const draft: RpcUserOperation = {
      sender: owner.address as Hex,
      nonce: q(await entryPoint.getNonce(owner.address, 0)),
      callData: account.interface.encodeFunctionData('execute', [TEST_USDC_ADDRESS, 0, usdc.interface.encodeFunctionData('transfer', [recipient, USDC('10')])]) as Hex,
      callGasLimit: '0x0', verificationGasLimit: '0x0', preVerificationGas: '0x0',
      maxFeePerGas: q(maxFeePerGas), maxPriorityFeePerGas: q(maxPriorityFeePerGas),
      signature: STUB_SIGNATURE,
    };
    // The account holds no ETH: the estimate pretends it does (the wallet's plan), as the paymaster will pay.
    const plan = await planUsdcFee(node, bundlerCall as never, { paymaster: USDC_PAYMASTER_ADDRESS, token: TEST_USDC_ADDRESS }, draft, block!.baseFeePerGas! + maxPriorityFeePerGas);
    const { quote } = plan;
    const unsigned = await payInUsdc(node, owner, q(BigInt(CHAIN_ID)), plan, quote.maximum);
    const hash = userOperationHash(unsigned, q(BigInt(CHAIN_ID)));
    const op = { ...unsigned, signature: owner.signingKey.sign(hash).serialized as Hex };

    expect(await bundlerCall<Hex>('eth_sendUserOperation', [op, ENTRY_POINT_V08])).toBe(hash);
    let receipt: { success: boolean; receipt: { logs: { address: string; topics: string[]; data: string }[] } } | null = null;
    while (!receipt) {
      receipt = await bundlerCall('eth_getUserOperationReceipt', [hash]);
      if (!receipt) await delay(50);
    }
    expect(receipt.success).toBe(true);
    const fee = sponsoredFeeOf(receipt.receipt.logs, { paymaster: USDC_PAYMASTER_ADDRESS, sender: owner.address as Hex, userOpHash: hash });
    expect(fee!.taken).toBeGreaterThan(0n);
    expect(fee!.taken).toBeLessThanOrEqual(quote.maximum);
    // The screen's "≈" is near what was taken (it showed 0.77 for 0.99 when it left out the paymaster's own gas).
    expect(quote.expected).toBeGreaterThanOrEqual((fee!.taken * 90n) / 100n);
    expect(quote.expected).toBeLessThanOrEqual((fee!.taken * 120n) / 100n);
    expect(await usdc.balanceOf(recipient)).toBe(USDC('10'));
    expect(await usdc.balanceOf(owner.address)).toBe(USDC('90') - fee!.taken);
    expect(await provider.getBalance(owner.address)).toBe(0n);
  }, 60_000);
});
