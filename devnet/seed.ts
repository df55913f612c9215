/** Gives the fresh test token known balances and a few Transfer logs to query. */
import { Contract, JsonRpcProvider, NonceManager, Wallet, parseUnits, type ContractTransactionResponse, type Signer } from 'ethers';
import type { DevnetAccount } from './accounts';
import { TEST_TOKEN_ADDRESS } from './constants';

const TOKEN_ABI = ['function mint(address to, uint256 value)', 'function transfer(address to, uint256 value) returns (bool)'];
const tst = (amount: string) => parseUnits(amount, 18);

/**
 * Accounts #0 and #1 get exactly 1,000,000 TST. The Transfer logs come from account #2 (minted 1,000, sends
 * 100 to #3, 50 to #4, 25 to #5), so the balances of #0 and #1 stay round numbers. `account0` is #0's signer when the
 * caller sends other transactions from #0 at the same time (one nonce sequence).
 */
export async function seedTestToken(provider: JsonRpcProvider, accounts: DevnetAccount[], account0?: Signer): Promise<void> {
  const signer = (account: DevnetAccount) => new NonceManager(new Wallet(account.privateKey, provider));
  const token = (runner: Signer) => new Contract(TEST_TOKEN_ADDRESS, TOKEN_ABI, runner);
  const minter = token(account0 ?? signer(accounts[0]));
  await mined([
    minter.mint(accounts[0].address, tst('1000000')),
    minter.mint(accounts[1].address, tst('1000000')),
    minter.mint(accounts[2].address, tst('1000')),
  ]);
  const sender = token(signer(accounts[2]));
  await mined([
    sender.transfer(accounts[3].address, tst('100')),
    sender.transfer(accounts[4].address, tst('50')),
    sender.transfer(accounts[5].address, tst('25')),
  ]);
}

async function mined(sent: Promise<ContractTransactionResponse>[]): Promise<void> {
  await Promise.all((await Promise.all(sent)).map((tx) => tx.wait()));
}
