/** Fixed facts about the local devnet: the chain, its accounts' mnemonic, and the addresses our contracts land at. */

export const CHAIN_ID = 31337;
export const DEFAULT_RPC_PORT = 8545;
export const DEFAULT_DAPP_PORT = 4173;
/** Seconds between blocks: short enough for fast tests, long enough that pending state exists. */
export const BLOCK_TIME_SECONDS = 0.2;

/** Anvil's default test mnemonic; anvil funds the first accounts derived from it at m/44'/60'/0'/0/i. */
export const DEVNET_MNEMONIC = 'test test test test test test test test test test test junk';
export const DEVNET_ACCOUNT_COUNT = 10;

/** Arachnid's deterministic deployer, which anvil predeploys: a call with data = salt ‖ initcode runs CREATE2. */
export const CREATE2_DEPLOYER = '0x4e59b44847b379578588920ca78fbf26c0b4956c';

/** ERC-4337 v0.8 EntryPoint and Simple7702Account, at their canonical (mainnet) addresses. */
export const ENTRY_POINT_ADDRESS = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
export const SIMPLE_7702_ACCOUNT_ADDRESS = '0xe6Cae83BdE06E4c305530e199D7217f42808555B';

/** Our ERC-20 "Test Token" (TST, 18 decimals); follows from contracts/TestToken.sol, its compiler settings and salt zero. */
export const TEST_TOKEN_ADDRESS = '0x10078beE6813c04572224b652228177C0f7BF2CF';
