/**
 * The devnet's USDC paymaster (contracts/UsdcPaymaster.sol, Circle Paymaster v0.8's interface) against the canonical
 * EntryPoint v0.8 on a real anvil: an EIP-7702 account (Simple7702Account) that holds USDC and no ETH pays its fee in
 * USDC through a permit inside the userOp; a permit below the cost fails validation; postOp refunds what was not
 * spent and the event carries the amounts.
 */
import { Contract, JsonRpcProvider, Wallet, parseUnits, toQuantity, type InterfaceAbi, type Log } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadArtifact } from '../contracts/compile';
import { readPermitToken, usdcPermit } from '../src/background/usdcFees/permit';
import { USDC_PAYMASTER_GAS, usdcPaymasterFields } from '../src/background/usdcFees/paymasterData';
import { requiredPrefund, tokenCost, usdcFeeQuote, type PaymasterTerms } from '../src/background/usdcFees/quote';
import { sponsoredFeeOf } from '../src/background/usdcFees/sponsoredFee';
import { readPaymasterTerms } from '../src/background/usdcFees/terms';
import { ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT } from '../src/shared/contracts';
import { packPaymasterAndData, packUints } from '../src/shared/erc4337';
import type { Hex } from '../src/shared/params';
import { devnetAccounts } from './accounts';
import { startAnvil, type Anvil } from './anvil';
import {
  DEVNET_ETH_USD, SET_PRICE_GAS, TEST_PRICE_FEED_ADDRESS, TEST_USDC_ADDRESS, USDC_HOLDERS, USDC_PAYMASTER_ADDITIONAL_GAS, USDC_PAYMASTER_ADDRESS, USDC_PAYMASTER_FEE_SPREAD,
} from './constants';
import { deployContracts } from './deploy';

const RPC_PORT = 8661;
const CHAIN_ID = 31337;
const FEE_SPREAD = USDC_PAYMASTER_FEE_SPREAD;
const ADDITIONAL_GAS_CHARGE = USDC_PAYMASTER_ADDITIONAL_GAS;
const USDC = (amount: string) => parseUnits(amount, 6);

const ENTRY_POINT_ABI = [
  'function handleOps((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes)[] ops, address beneficiary)',
  'function getUserOpHash((address,uint256,bytes,bytes,bytes32,uint256,bytes32,bytes,bytes) op) view returns (bytes32)',
  'function getNonce(address,uint192) view returns (uint256)',
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
  'error FailedOp(uint256 opIndex, string reason)',
  'error FailedOpWithRevert(uint256 opIndex, string reason, bytes inner)',
];

describe("the devnet's USDC paymaster, through EntryPoint v0.8", () => {
  let anvil: Anvil;
  let provider: JsonRpcProvider;
  let bundler: Wallet;
  let usdc: Contract;
  let paymaster: Contract;
  let entryPoint: Contract;
  const owner = Wallet.createRandom();
  const recipient = Wallet.createRandom().address;

  const contract = async (name: 'TestUsdc' | 'TestPriceFeed' | 'UsdcPaymaster', address: string, runner = bundler) =>
    new Contract(address, (await loadArtifact(name)).abi as InterfaceAbi, runner);

  beforeAll(async () => {
    anvil = await startAnvil({ port: RPC_PORT });
    provider = new JsonRpcProvider(anvil.rpcUrl, CHAIN_ID, { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });
    const accounts = devnetAccounts();
    await deployContracts(provider, accounts);
    bundler = new Wallet(accounts[1].privateKey, provider);
    [usdc, paymaster] = await Promise.all([contract('TestUsdc', TEST_USDC_ADDRESS), contract('UsdcPaymaster', USDC_PAYMASTER_ADDRESS)]);
    entryPoint = new Contract(ENTRY_POINT_V08, ENTRY_POINT_ABI, bundler);
    await (await usdc.mint(owner.address, USDC('100'))).wait();
    // The account's EIP-7702 authorization, sent by another account: the owner never holds ETH.
    const authorization = await owner.connect(provider).authorize({ address: SIMPLE_7702_ACCOUNT, nonce: 0, chainId: CHAIN_ID });
    await (await bundler.sendTransaction({ type: 4, to: owner.address, authorizationList: [authorization] })).wait();
  });
  afterAll(async () => {
    provider?.destroy();
    await anvil?.stop();
  });

  /** The devnet's node as the wallet's modules call one. */
  const node = <T>(method: string, params: unknown[] = []) => provider.send(method, params) as Promise<T>;
  const limits = (postOp: bigint) => ({
    verificationGasLimit: 200_000n, callGasLimit: 100_000n, preVerificationGas: 50_000n,
    paymasterVerificationGasLimit: USDC_PAYMASTER_GAS.verification, paymasterPostOpGasLimit: postOp, maxFeePerGas: 2_000_000_000n,
  });
  const postOpGas = (terms: PaymasterTerms) => (terms.additionalGasCharge > USDC_PAYMASTER_GAS.postOp ? terms.additionalGasCharge : USDC_PAYMASTER_GAS.postOp);

  /** The wallet's quote for the op transferOp builds, from the paymaster's terms as the wallet reads them. */
  async function quote() {
    const terms = await readPaymasterTerms(node, USDC_PAYMASTER_ADDRESS);
    return usdcFeeQuote(terms, limits(postOpGas(terms)), { gasUsed: 150_000n, feePerGas: 1_100_000_000n });
  }

  /** A signed userOp that sends `amount` USDC to the recipient, its fee paid in USDC under a permit of `permitAmount`, built by the wallet's modules. */
  async function transferOp(amount: bigint, permitAmount: bigint) {
    const terms = await readPaymasterTerms(node, USDC_PAYMASTER_ADDRESS);
    const { token, nonce } = await readPermitToken(node, TEST_USDC_ADDRESS, owner.address as Hex);
    const permit = usdcPermit({ chainId: toQuantity(CHAIN_ID) as Hex, token, owner: owner.address as Hex, spender: USDC_PAYMASTER_ADDRESS, value: permitAmount, nonce });
    const { EIP712Domain: _domain, ...types } = permit.types;
    const permitSignature = (await owner.signTypedData(permit.domain, types, permit.message)) as Hex;
    const fields = usdcPaymasterFields({ paymaster: USDC_PAYMASTER_ADDRESS, token: TEST_USDC_ADDRESS, permitAmount, permitSignature }, terms.additionalGasCharge);
    const gas = limits(BigInt(fields.paymasterPostOpGasLimit));
    const account = new Contract(owner.address, ['function execute(address target, uint256 value, bytes data)']);
    const callData = account.interface.encodeFunctionData('execute', [TEST_USDC_ADDRESS, 0, usdc.interface.encodeFunctionData('transfer', [recipient, amount])]);
    const op = [
      owner.address, await entryPoint.getNonce(owner.address, 0), '0x', callData, packUints(gas.verificationGasLimit, gas.callGasLimit), gas.preVerificationGas,
      packUints(1_000_000_000n, gas.maxFeePerGas),
      packPaymasterAndData(fields.paymaster, BigInt(fields.paymasterVerificationGasLimit), BigInt(fields.paymasterPostOpGasLimit), fields.paymasterData),
      '0x',
    ];
    const userOpHash = (await entryPoint.getUserOpHash(op)) as string;
    op[8] = owner.signingKey.sign(userOpHash).serialized;
    return { op, userOpHash };
  }

  /** What validation takes at today's price, by the wallet's arithmetic: the prefund for the op's limits. */
  async function prefundNow(): Promise<bigint> {
    const terms = await readPaymasterTerms(node, USDC_PAYMASTER_ADDRESS);
    return tokenCost(requiredPrefund(limits(postOpGas(terms))) + terms.additionalGasCharge * 2_000_000_000n, terms.price, terms.feeSpread).total;
  }

  const eventsOf = (logs: readonly Log[], contract: Contract, name: string) =>
    logs.map((log) => contract.interface.parseLog(log)).filter((event) => event?.name === name);

  it('is deployed with its token, its feed, its deposit and 1,000 USDC for each holder', async () => {
    expect(await paymaster.token()).toBe(TEST_USDC_ADDRESS);
    expect(await paymaster.oracle()).toBe(TEST_PRICE_FEED_ADDRESS);
    expect(await paymaster.getDeposit()).toBeGreaterThan(0n);
    expect(await Promise.all(USDC_HOLDERS.map((holder) => usdc.balanceOf(holder)))).toEqual([USDC('1000'), USDC('1000')]);
    expect([await usdc.decimals(), await usdc.symbol(), await usdc.name(), await usdc.version()]).toEqual([6n, 'USDC', 'USD Coin', '2']);
    const feed = await contract('TestPriceFeed', TEST_PRICE_FEED_ADDRESS);
    expect((await feed.latestRoundData())[1]).toBe(DEVNET_ETH_USD);
  });

  it('answers as Circle’s does: the price of 1 ether in USDC, the spread, the extra gas charge, as the wallet reads them', async () => {
    expect(await readPaymasterTerms(node, USDC_PAYMASTER_ADDRESS)).toEqual({ price: USDC('3000'), feeSpread: FEE_SPREAD, additionalGasCharge: ADDITIONAL_GAS_CHARGE });
  });

  it('refuses a permit amount below the cost in validation (AA33), the cost the wallet computes to the unit, and nothing moves', async () => {
    const required = await prefundNow();
    const { op } = await transferOp(USDC('10'), required - 1n);
    const refused = entryPoint.handleOps.staticCall([op], bundler.address);
    await expect(refused).rejects.toMatchObject({ revert: { name: 'FailedOpWithRevert', args: [0n, 'AA33 reverted', paymaster.interface.encodeErrorResult('PermitAmountTooLow', [required - 1n, required])] } });
    expect(await usdc.balanceOf(owner.address)).toBe(USDC('100'));
  });

  it('takes the fee in USDC from an account without ETH, refunds the rest in postOp, and says what it took', async () => {
    const cap = (await quote()).maximum;
    const { op, userOpHash } = await transferOp(USDC('10'), cap);
    const receipt = await (await entryPoint.handleOps([op], bundler.address)).wait();

    const [sponsored] = eventsOf(receipt!.logs, paymaster, 'UserOperationSponsored');
    const [operation] = eventsOf(receipt!.logs, entryPoint, 'UserOperationEvent');
    expect(operation!.args.success).toBe(true);
    const { actualGasCost, actualGasUsed } = operation!.args as unknown as { actualGasCost: bigint; actualGasUsed: bigint };
    const [token, sender, hash, price, taken, spread] = sponsored!.args.toArray() as [string, string, string, bigint, bigint, bigint];
    expect([token, sender, hash, price]).toEqual([await usdc.getAddress(), owner.address, userOpHash, USDC('3000')]);
    // What Activity reads of the receipt is the event's.
    expect(sponsoredFeeOf(receipt!.logs, { paymaster: USDC_PAYMASTER_ADDRESS, sender: owner.address as Hex, userOpHash: userOpHash as Hex }))
      .toEqual({ token: TEST_USDC_ADDRESS, taken, spread, nativeTokenPrice: price });
    // postOp sees the gas used before it (the EntryPoint adds its own and the unused-gas penalty after): what it
    // charges lies between the extra gas charge alone and the op's final cost, both priced the same way.
    const feePerGas = actualGasCost / actualGasUsed;
    const [floor] = (await paymaster.tokenCost(ADDITIONAL_GAS_CHARGE * feePerGas, price)) as [bigint];
    const [ceiling] = (await paymaster.tokenCost(actualGasCost + ADDITIONAL_GAS_CHARGE * feePerGas, price)) as [bigint];
    expect(taken).toBeGreaterThan(floor);
    expect(taken).toBeLessThanOrEqual(ceiling);
    expect(taken).toBeLessThan(cap);
    // The spread is FEE_SPREAD basis points of the base, rounded up, and part of what was taken.
    expect(spread).toBe(((taken - spread) * FEE_SPREAD + 9_999n) / 10_000n);

    expect(await usdc.balanceOf(recipient)).toBe(USDC('10'));
    // The prefund was the cap; what was not spent came back.
    expect(await usdc.balanceOf(owner.address)).toBe(USDC('90') - taken);
    expect(await usdc.balanceOf(await paymaster.getAddress())).toBe(taken);
    expect(await provider.getBalance(owner.address)).toBe(0n);
  });

  it("refuses the op when the price rose past the quote's room before validation, and nothing is charged", async () => {
    const feed = await contract('TestPriceFeed', TEST_PRICE_FEED_ADDRESS);
    const { maximum } = await quote();
    const { op } = await transferOp(USDC('1'), maximum);
    const before = await usdc.balanceOf(owner.address);
    await (await feed.setPrice((DEVNET_ETH_USD * 104n) / 100n, SET_PRICE_GAS)).wait();
    try {
      const refused = entryPoint.handleOps.staticCall([op], bundler.address);
      await expect(refused).rejects.toMatchObject({ revert: { name: 'FailedOpWithRevert', args: [0n, 'AA33 reverted', expect.stringMatching(/^0x/)] } });
      const inner = (await refused.catch((error: { revert: { args: [bigint, string, string] } }) => error.revert.args[2])) as string;
      expect(paymaster.interface.parseError(inner)?.name).toBe('PermitAmountTooLow');
      expect(await usdc.balanceOf(owner.address)).toBe(before);
    } finally {
      await (await feed.setPrice(DEVNET_ETH_USD, SET_PRICE_GAS)).wait();
    }
  });
});
