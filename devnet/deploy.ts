/** Deploys the devnet contracts at fixed addresses through the CREATE2 deployer; skips any that already have code. */
import { createRequire } from 'node:module';
import { AbiCoder, Contract, JsonRpcProvider, NonceManager, Wallet, ZeroHash, concat, getCreate2Address, keccak256, parseEther, toBeHex, toQuantity, zeroPadValue, type Signer } from 'ethers';
import { loadArtifact, loadTestToken, loadVerifyingPaymaster } from '../contracts/compile';
import type { DevnetAccount } from './accounts';
import {
  BUNDLER_EXECUTOR, BUNDLER_UTILITY, COLLECTIBLE_HOLDERS, CREATE2_DEPLOYER, DEVNET_ETH_USD, DEVNET_PRICE_FEEDS, ENTRY_POINT_ADDRESS, PAYMASTER_DEPOSIT_ETH, PAYMASTER_SIGNER,
  SIMPLE_7702_ACCOUNT_ADDRESS, TEST_COLLECTIBLE_ADDRESS, TEST_MULTI_TOKEN_ADDRESS, TEST_PERMIT_TOKEN_ADDRESS, TEST_PRICE_FEED_ADDRESS, TEST_TOKEN_ADDRESS,
  TEST_USDC_ADDRESS, USDC_HOLDERS, USDC_PAYMASTER_ADDITIONAL_GAS, USDC_PAYMASTER_ADDRESS, USDC_PAYMASTER_DEPOSIT_ETH, USDC_PAYMASTER_FEE_SPREAD,
  VERIFYING_PAYMASTER_ADDRESS,
} from './constants';
import { seedTestToken } from './seed';
import { ledgerDelegateInitcode } from './ledgerDelegate';
import { LEDGER_7702_ACCOUNT } from '../src/shared/contracts';

export interface DevnetAddresses {
  entryPoint: string;
  simple7702Account: string;
  testToken: string;
  /** EIP-2612 (TPT). */
  testPermitToken: string;
  /** ERC-721 (TCOL). */
  testCollectible: string;
  /** ERC-1155. */
  testMultiToken: string;
  verifyingPaymaster: string;
  /** USDC-like (6 decimals, FiatToken v2.2's permits). */
  usdc: string;
  /** Chainlink-style ETH / USD feed. */
  priceFeed: string;
  /** The token paymaster with Circle Paymaster v0.8's interface. */
  usdcPaymaster: string;
}

/** The salt the canonical v0.8 EntryPoint was deployed with on mainnet. */
const ENTRY_POINT_SALT = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9';

interface Create2Contract {
  name: string;
  salt: string;
  initcode: string;
  /** Where the initcode must land; a mismatch means the bytecode is not the one the address was computed from. */
  address: string;
}

export async function deployContracts(provider: JsonRpcProvider, accounts: DevnetAccount[]): Promise<DevnetAddresses> {
  // One nonce sequence for parallel sends: all three deployments go into the same block.
  const deployer = new NonceManager(new Wallet(accounts[0].privateKey, provider));
  const [token, collectibles] = await Promise.all([loadTestToken(), collectibleContracts()]);
  const [, , , tokenDeployed] = await Promise.all([
    deployCreate2(provider, deployer, { name: 'EntryPoint', salt: ENTRY_POINT_SALT, initcode: aaBytecode('EntryPoint'), address: ENTRY_POINT_ADDRESS }),
    // Simple7702Account has no constructor: its EntryPoint address is a constant in its code.
    deployCreate2(provider, deployer, { name: 'Simple7702Account', salt: ZeroHash, initcode: aaBytecode('Simple7702Account'), address: SIMPLE_7702_ACCOUNT_ADDRESS }),
    // The same code where the Ledger app's list names it: Ledger accounts delegate there.
    deployCreate2(provider, deployer, { name: 'Simple7702Account (Ledger)', salt: ZeroHash, initcode: ledgerDelegateInitcode(), address: LEDGER_7702_ACCOUNT }),
    deployCreate2(provider, deployer, { name: 'TestToken', salt: ZeroHash, initcode: token.bytecode, address: TEST_TOKEN_ADDRESS }),
    ...collectibles.map((contract) => deployCreate2(provider, deployer, contract)),
  ]);
  // Seed only a fresh token, so balances are always the same known numbers. The paymaster comes after the
  // EntryPoint: its constructor asks the EntryPoint for its interface id.
  await Promise.all([
    tokenDeployed && seedTestToken(provider, accounts, deployer),
    deployPaymaster(provider, deployer, accounts[0].address),
    deployPermitToken(provider, deployer),
    deployUsdcFees(provider, deployer, accounts[0].address),
  ]);
  await deployPriceFeeds(provider, deployer);
  return {
    entryPoint: ENTRY_POINT_ADDRESS,
    simple7702Account: SIMPLE_7702_ACCOUNT_ADDRESS,
    testToken: TEST_TOKEN_ADDRESS,
    testPermitToken: TEST_PERMIT_TOKEN_ADDRESS,
    testCollectible: TEST_COLLECTIBLE_ADDRESS,
    testMultiToken: TEST_MULTI_TOKEN_ADDRESS,
    verifyingPaymaster: VERIFYING_PAYMASTER_ADDRESS,
    usdc: TEST_USDC_ADDRESS,
    priceFeed: TEST_PRICE_FEED_ADDRESS,
    usdcPaymaster: USDC_PAYMASTER_ADDRESS,
  };
}

/** The ERC-721 and ERC-1155 test contracts; their constructors mint to the holders, so no account's nonce moves. */
async function collectibleContracts(): Promise<Create2Contract[]> {
  const holders = (list: readonly string[]) => AbiCoder.defaultAbiCoder().encode(['address[]'], [list]);
  const [erc721, erc1155] = await Promise.all([loadArtifact('TestCollectible'), loadArtifact('TestMultiToken')]);
  const [a0, a1] = COLLECTIBLE_HOLDERS;
  return [
    { name: 'TestCollectible', salt: ZeroHash, initcode: concat([erc721.bytecode, holders([a0, a0, a1])]), address: TEST_COLLECTIBLE_ADDRESS },
    { name: 'TestMultiToken', salt: ZeroHash, initcode: concat([erc1155.bytecode, holders([a0, a1])]), address: TEST_MULTI_TOKEN_ADDRESS },
  ];
}

/** The EIP-2612 token, deployed after the others so the addresses and seeded balances before it stay as they were. */
async function deployPermitToken(provider: JsonRpcProvider, deployer: Signer): Promise<void> {
  const { bytecode } = await loadArtifact('TestPermitToken');
  await deployCreate2(provider, deployer, { name: 'TestPermitToken', salt: ZeroHash, initcode: bytecode, address: TEST_PERMIT_TOKEN_ADDRESS });
}

/**
 * The fees in USDC: the token and the feed, then the paymaster (its constructor asks the EntryPoint for its interface
 * and the token for its decimals) and, when fresh, its EntryPoint deposit. Deployed after the others, so the
 * addresses and balances before them stay as they were.
 */
async function deployUsdcFees(provider: JsonRpcProvider, deployer: Signer, owner: string): Promise<void> {
  const [usdc, feed, paymaster] = await Promise.all([loadArtifact('TestUsdc'), loadArtifact('TestPriceFeed'), loadArtifact('UsdcPaymaster')]);
  const coder = AbiCoder.defaultAbiCoder();
  await Promise.all([
    deployCreate2(provider, deployer, { name: 'TestUsdc', salt: ZeroHash, initcode: concat([usdc.bytecode, coder.encode(['address[]', 'uint256'], [USDC_HOLDERS, 1_000n * 10n ** 6n])]), address: TEST_USDC_ADDRESS }),
    deployCreate2(provider, deployer, { name: 'TestPriceFeed', salt: ZeroHash, initcode: concat([feed.bytecode, coder.encode(['int256'], [DEVNET_ETH_USD])]), address: TEST_PRICE_FEED_ADDRESS }),
  ]);
  const args = coder.encode(
    ['address', 'address', 'address', 'address', 'uint256', 'uint256'],
    [ENTRY_POINT_ADDRESS, TEST_USDC_ADDRESS, TEST_PRICE_FEED_ADDRESS, owner, USDC_PAYMASTER_FEE_SPREAD, USDC_PAYMASTER_ADDITIONAL_GAS],
  );
  const contract = { name: 'UsdcPaymaster', salt: ZeroHash, initcode: concat([paymaster.bytecode, args]), address: USDC_PAYMASTER_ADDRESS };
  if (!(await deployCreate2(provider, deployer, contract))) return;
  const entryPoint = new Contract(ENTRY_POINT_ADDRESS, ['function depositTo(address account) payable'], deployer);
  await (await entryPoint.depositTo(USDC_PAYMASTER_ADDRESS, { value: parseEther(USDC_PAYMASTER_DEPOSIT_ETH) })).wait();
}

/** The wallet's own price feeds (DEVNET_PRICE_FEEDS), after everything else so no address or balance before them moves. */
async function deployPriceFeeds(provider: JsonRpcProvider, deployer: Signer): Promise<void> {
  const { bytecode } = await loadArtifact('TestPriceFeed');
  await Promise.all(Object.entries(DEVNET_PRICE_FEEDS).map(([asset, { address, salt, answer }]) =>
    deployCreate2(provider, deployer, { name: `TestPriceFeed ${asset}`, salt: zeroPadValue(toBeHex(salt), 32), initcode: concat([bytecode, AbiCoder.defaultAbiCoder().encode(['int256'], [answer])]), address })));
}

/** Deploys the VerifyingPaymaster (owned by `owner`) and, when fresh, funds its EntryPoint deposit. */
async function deployPaymaster(provider: JsonRpcProvider, deployer: Signer, owner: string): Promise<void> {
  const { bytecode } = await loadVerifyingPaymaster();
  const args = AbiCoder.defaultAbiCoder().encode(['address', 'address', 'address'], [ENTRY_POINT_ADDRESS, PAYMASTER_SIGNER.address, owner]);
  const contract = { name: 'VerifyingPaymaster', salt: ZeroHash, initcode: concat([bytecode, args]), address: VERIFYING_PAYMASTER_ADDRESS };
  if (!(await deployCreate2(provider, deployer, contract))) return;
  const entryPoint = new Contract(ENTRY_POINT_ADDRESS, ['function depositTo(address account) payable'], deployer);
  const tx = await entryPoint.depositTo(VERIFYING_PAYMASTER_ADDRESS, { value: parseEther(PAYMASTER_DEPOSIT_ETH) });
  await tx.wait();
}

/** Gives Alto's utility and executor wallets ETH without a transaction, so no devnet account's nonce moves. */
export async function fundBundlerWallets(provider: JsonRpcProvider): Promise<void> {
  const balance = toQuantity(parseEther('1000'));
  await Promise.all([BUNDLER_UTILITY, BUNDLER_EXECUTOR].map(({ address }) => provider.send('anvil_setBalance', [address, balance])));
}

function aaBytecode(name: string): string {
  const artifact = createRequire(import.meta.url)(`@account-abstraction/contracts/artifacts/${name}.json`) as { bytecode: string };
  return artifact.bytecode;
}

/** Resolves to true when it deployed, false when the code was already there. */
async function deployCreate2(provider: JsonRpcProvider, signer: Signer, contract: Create2Contract): Promise<boolean> {
  const { name, salt, initcode } = contract;
  const address = getCreate2Address(CREATE2_DEPLOYER, salt, keccak256(initcode));
  if (address.toLowerCase() !== contract.address.toLowerCase()) {
    throw new Error(`${name}'s initcode deploys to ${address}, not to ${contract.address}: its bytecode differs from the one that address was computed from`);
  }
  if (await hasCode(provider, address)) return false;
  const tx = await signer.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([salt, initcode]) });
  await tx.wait();
  if (!(await hasCode(provider, address))) throw new Error(`${name} deployment ${tx.hash} left no code at ${address}`);
  return true;
}

async function hasCode(provider: JsonRpcProvider, address: string): Promise<boolean> {
  return (await provider.getCode(address)) !== '0x';
}
