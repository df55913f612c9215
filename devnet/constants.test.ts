import { HDNodeWallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { DEVNET_KNOWN_TOKENS } from '../src/shared/knownTokens';
import { ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT } from '../src/shared/contracts';
import { LOCAL_DEVNET } from '../src/shared/networks';
import { DEVNET_FEEDS } from '../src/shared/priceFeeds';
import { LEDGER_EMULATOR_URL } from '../src/ui/ledger/emulatorTransport';
import {
  BUNDLER_EXECUTOR, BUNDLER_UTILITY, COLLECTIBLE_HOLDERS, DEFAULT_LEDGER_EMULATOR_PORT, DEVNET_MNEMONIC, DEVNET_PRICE_FEEDS, ENTRY_POINT_ADDRESS, PAYMASTER_SIGNER,
  SIMPLE_7702_ACCOUNT_ADDRESS, TEST_TOKEN_ADDRESS, TEST_USDC_ADDRESS, USDC_PAYMASTER_ADDRESS,
  DEFAULT_BUNDLER_PORT, DEFAULT_DAPP_PORT, DEFAULT_PAYMASTER_PORT, DEFAULT_RPC_PORT, TEST_DAPP_PORT,
} from './constants';

describe('devnet ports', () => {
  it("are each one server's: the node, the dapp, the bundler, the paymaster, the Ledger emulator, and e2e's test-dapp", () => {
    const ports = [DEFAULT_RPC_PORT, DEFAULT_DAPP_PORT, DEFAULT_BUNDLER_PORT, DEFAULT_PAYMASTER_PORT, DEFAULT_LEDGER_EMULATOR_PORT, TEST_DAPP_PORT];
    expect(new Set(ports).size).toBe(ports.length);
  });

  it("are ports fetch and the browsers reach: none on the Fetch standard's bad-port list (4190, sieve, was refused)", async () => {
    for (const port of [DEFAULT_RPC_PORT, DEFAULT_DAPP_PORT, DEFAULT_BUNDLER_PORT, DEFAULT_PAYMASTER_PORT, DEFAULT_LEDGER_EMULATOR_PORT, TEST_DAPP_PORT]) {
      // Whether something listens or not, a reachable port answers or refuses the connection; a bad one never connects.
      const outcome = await fetch(`http://127.0.0.1:${port}/`).then(() => 'reached', (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message));
      expect(outcome, `port ${port}`).not.toMatch(/bad port/);
    }
  });
});

describe('devnet role keys', () => {
  it('are the mnemonic indexes 10 to 12, past the accounts tests use', () => {
    const parent = HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, "m/44'/60'/0'/0");
    for (const [index, key] of [[10, PAYMASTER_SIGNER], [11, BUNDLER_UTILITY], [12, BUNDLER_EXECUTOR]] as const) {
      const wallet = parent.deriveChild(index);
      expect({ address: wallet.address, privateKey: wallet.privateKey }).toEqual(key);
    }
  });

  it('mints the collectibles to accounts #0 and #1, the ones e2e wallets import', () => {
    const parent = HDNodeWallet.fromPhrase(DEVNET_MNEMONIC, undefined, "m/44'/60'/0'/0");
    expect(COLLECTIBLE_HOLDERS).toEqual([parent.deriveChild(0).address, parent.deriveChild(1).address]);
  });

  it('uses the canonical ERC-4337 addresses the wallet knows', () => {
    expect([ENTRY_POINT_ADDRESS, SIMPLE_7702_ACCOUNT_ADDRESS]).toEqual([ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT]);
  });

  it('deploys the test token where the devnet build knows it as the real TST', () => {
    expect(DEVNET_KNOWN_TOKENS.TST).toBe(TEST_TOKEN_ADDRESS);
  });

  it("names the devnet's USDC paymaster and USDC in the local devnet's entry, and USDC as a known token", () => {
    expect(LOCAL_DEVNET.usdcPaymaster).toEqual({ paymaster: USDC_PAYMASTER_ADDRESS, token: TEST_USDC_ADDRESS });
    expect(DEVNET_KNOWN_TOKENS.USDC).toBe(TEST_USDC_ADDRESS);
  });

  it("puts the wallet's price feeds where the devnet build reads them: ETH's, TST's and USDC's", () => {
    expect(DEVNET_FEEDS.native?.address).toBe(DEVNET_PRICE_FEEDS.ETH.address);
    expect(DEVNET_FEEDS.tokens[TEST_TOKEN_ADDRESS.toLowerCase()]?.address).toBe(DEVNET_PRICE_FEEDS.TST.address);
    expect(DEVNET_FEEDS.tokens[TEST_USDC_ADDRESS.toLowerCase()]?.address).toBe(DEVNET_PRICE_FEEDS.USDC.address);
  });

  it('serves the Ledger emulator where the devnet build\'s pages look for it', () => {
    expect(LEDGER_EMULATOR_URL).toBe(`http://127.0.0.1:${DEFAULT_LEDGER_EMULATOR_PORT}`);
  });
});
