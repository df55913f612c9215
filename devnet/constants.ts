/** Fixed facts about the local devnet: the chain, its accounts' mnemonic, and the addresses our contracts land at. */
import { fileURLToPath } from 'node:url';

export const CHAIN_ID = 31337;
export const DEFAULT_RPC_PORT = 8545;
export const DEFAULT_DAPP_PORT = 4173;
/** On the newer phishing list the dapp server serves (/phishing-list.json), not on the bundled one: like every *.localhost it reaches that server. */
export const DEVNET_FETCHED_LISTED_HOST = 'fetched-phishing.localhost';
/** Alto, the ERC-4337 bundler: JSON-RPC at http://127.0.0.1:4337/rpc. */
export const DEFAULT_BUNDLER_PORT = 4337;
/** The ERC-7677 paymaster service (paymaster/): JSON-RPC at http://127.0.0.1:3000/rpc. */
export const DEFAULT_PAYMASTER_PORT = 3000;
/**
 * The Ledger Ethereum app's emulator (devnet/ledgerEmulator/): POST /apdu and /state at http://127.0.0.1:4191, which the
 * devnet build's pages reach in place of WebHID (src/ui/ledger/emulatorTransport.ts LEDGER_EMULATOR_URL).
 */
export const DEFAULT_LEDGER_EMULATOR_PORT = 4191;
/** MetaMask's test-dapp, which e2e serves beside the demo dapp (e2e/fixtures/testDapp.ts): not one of the devnet's ports. */
export const TEST_DAPP_PORT = 4180;
/** Seconds between blocks: short enough for fast tests, long enough that pending state exists. */
export const BLOCK_TIME_SECONDS = 0.2;

/** Anvil's default test mnemonic; anvil funds the first accounts derived from it at m/44'/60'/0'/0/i. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEVNET_ACCOUNT_COUNT = 10;

/** Arachnid's deterministic deployer, which anvil predeploys: a call with data = salt ‖ initcode runs CREATE2. */
export const CREATE2_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c';

/** ERC-4337 v0.8 EntryPoint and Simple7702Account, at their canonical (mainnet) addresses. */
export { ENTRY_POINT_V08 as ENTRY_POINT_ADDRESS, SIMPLE_7702_ACCOUNT as SIMPLE_7702_ACCOUNT_ADDRESS } from '../src/shared/contracts';

/** Our ERC-20 "Test Token" (TST, 18 decimals); follows from contracts/TestToken.sol, its compiler settings and salt zero. */
export const TEST_TOKEN_ADDRESS = '0x10078beE6813c04572224b652228177C0f7BF2CF';
/**
 * Our EIP-2612 token "Test Permit Token" (TPT, 18 decimals; contracts/TestPermitToken.sol, OpenZeppelin's ERC20Permit):
 * allowances granted by a signed permit. Follows from its source, the compiler settings, the installed @openzeppelin
 * sources and salt zero. Nothing is minted at deployment.
 */
export const TEST_PERMIT_TOKEN_ADDRESS = '0x3FB6e790915c4d70199dd4Ca835847388C7b1c52';

/** Devnet accounts #0 and #1, the holders our collectibles are minted to at deployment. */
export const COLLECTIBLE_HOLDERS = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'] as const;
/**
 * Our ERC-721 "Test Collectible" (TCOL, contracts/TestCollectible.sol): ids 1 and 2 to account #0, id 3 to #1; and
 * our ERC-1155 (contracts/TestMultiToken.sol): 5 of id 1 to each of #0 and #1. Both follow from their sources, the
 * compiler settings, the holders (constructor args) and salt zero.
 */
export const TEST_COLLECTIBLE_ADDRESS = '0x759994c418Df9102e34046E0BA2F3A81E78F367D';
export const TEST_MULTI_TOKEN_ADDRESS = '0xD14C881C79C2EA7Ac68C50D4b9EB1F2570215E36';

/**
 * Where the devnet build binds the wallet's own Uniswap Universal Router 2.0 descriptor
 * (src/background/clearSigning/devnetDeployments.ts): the e2e test that reviews a router swap puts code there that
 * accepts any call and does nothing.
 */
export const UNISWAP_ROUTER_STAND_IN = '0x0000000000000000000000000000000000077300';

/**
 * Keys with a role of their own, derived from the mnemonic past anvil's 10 funded accounts (so no test that uses
 * accounts #0-#9 ever races them for a nonce). The devnet gives the bundler's two ETH with anvil_setBalance.
 */
export const PAYMASTER_SIGNER = {
  /** Mnemonic index 10: signs paymasterData; the paymaster contract accepts only its signatures. Holds no ETH. */
  address: '0xBcd4042DE499D14e55001CcbB24a551F3b954096',
  privateKey: '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897',
} as const;
export const BUNDLER_UTILITY = {
  /** Mnemonic index 11: Alto's utility wallet; deploys Alto's simulation contracts and receives bundle fees. */
  address: '0x71bE63f3384f5fb98995898A86B02Fb2426c5788',
  privateKey: '0x701b615bbdfb9de65240bc28bd21bbc0d996645a3dd57e7b12bc2bdf6f192c82',
} as const;
export const BUNDLER_EXECUTOR = {
  /** Mnemonic index 12: Alto's executor; sends the handleOps transactions. */
  address: '0xFABB0ac9d68B0B445fB7357272Ff202C5651694a',
  privateKey: '0xa267530f49f8280200edf313ee7af6b827f2a8bce2897751d06a843f644967b1',
} as const;

/**
 * Our VerifyingPaymaster (contracts/VerifyingPaymaster.sol), constructed with (EntryPoint, PAYMASTER_SIGNER, owner
 * account #0) and salt zero; follows from its source, the compiler settings and the installed
 * @account-abstraction/@openzeppelin sources. The devnet deposits PAYMASTER_DEPOSIT_ETH for it in the EntryPoint.
 */
export const VERIFYING_PAYMASTER_ADDRESS = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
export const PAYMASTER_DEPOSIT_ETH = '100';

/**
 * The devnet's fees in USDC (docs/usdcFees.md): a USDC-like token (contracts/TestUsdc.sol: "USD Coin", USDC, 6
 * decimals, FiatToken v2.2's permits; 1,000 USDC minted to each of USDC_HOLDERS at deployment), an ETH / USD feed
 * (contracts/TestPriceFeed.sol, 8 decimals, at DEVNET_ETH_USD until a test moves it) and the token paymaster with Circle
 * Paymaster v0.8's interface (contracts/UsdcPaymaster.sol, owner account #0), whose EntryPoint deposit the devnet
 * funds with USDC_PAYMASTER_DEPOSIT_ETH. Each address follows from its source, the compiler settings, its constructor
 * arguments and salt zero.
 */
export const TEST_USDC_ADDRESS = '0xec159159B771e8431B7E0f2dfFe534465e3321c9';
export const TEST_PRICE_FEED_ADDRESS = '0x9724d32f496427caba7EC5C67d9Cf43656aD80AB';
export const USDC_PAYMASTER_ADDRESS = '0x8885891D74548c94cD54FDE4Cc50D73cF2e386C5';
export const USDC_HOLDERS = COLLECTIBLE_HOLDERS;
/**
 * The gas a feed's `setPrice` is sent with: estimated in a block whose timestamp the feed already holds, its updatedAt
 * write is priced as unchanged, and the transaction then runs out of gas a block later.
 */
export const SET_PRICE_GAS = { gasLimit: 100_000n };
/** $3,000 per ETH, with the feed's 8 decimals. */
export const DEVNET_ETH_USD = 3_000n * 10n ** 8n;
/**
 * The wallet's own feeds, which Home's values read (src/shared/priceFeeds.ts DEVNET_FEEDS): ETH / USD apart from the
 * paymaster's, so a test that moves one does not move the other, TST at $2 and USDC at $1; each at its salt, after the
 * others. `setPrice` is open.
 */
export const DEVNET_PRICE_FEEDS = {
  ETH: { address: '0x5080Cad0BF029C7B23AC37C4971849BE9f2Be6b2', salt: 1n, answer: DEVNET_ETH_USD },
  TST: { address: '0x2b3e651E49A365337d894f9Fbd3c3fc7a55C0ef2', salt: 2n, answer: 2n * 10n ** 8n },
  USDC: { address: '0x5EDc096780898B1F4Bf6bc5b358d348b9c444091', salt: 3n, answer: 10n ** 8n },
} as const;
/** The paymaster's spread, in basis points, and its extra gas charge: read from the contract by the wallet, never assumed. */
export const USDC_PAYMASTER_FEE_SPREAD = 1_000n;
export const USDC_PAYMASTER_ADDITIONAL_GAS = 30_000n;
export const USDC_PAYMASTER_DEPOSIT_ETH = '100';

/** Who the devnet's paymaster service sponsors: devnet/paymaster-policy.json. */
export const DEVNET_POLICY_FILE = fileURLToPath(new URL('paymaster-policy.json', import.meta.url));

/**
 * Where the devnet build binds some of the ERC-7730 registry's descriptors (scripts/erc7730Registry/devnetAliases.ts):
 * its chain has none of the registry's contracts, so minimal contracts with the same functions stand in for them here.
 * The production build binds none of these.
 */
export const REGISTRY_STAND_INS = {
  /** Aave v3's Pool (its `supply`): registry/aave/calldata-lpv3.json. */
  aavePool: '0x7e57aa7e00000000000000000000000000000001',
  /** 1inch's AggregationRouterV6 (its `swap`): registry/1inch/calldata-AggregationRouterV6.json. */
  oneInchRouter: '0x7e5711c400000000000000000000000000000001',
  /** WETH (`deposit`): registry/weth/calldata-weth.json, the one an auditor's review of which the build verifies. No code: only its review is read. */
  weth: '0x7e570e7400000000000000000000000000000001',
} as const;
