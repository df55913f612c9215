/** The wallet's toolbar popup, by what its screens name things. */
import type { BrowserSession, Expected, Screen, Target } from '../driver/types';

export const PASSWORD = 'correct horse battery';

/** The unlock form, which both the popup and the approval window show while the wallet is locked. */
export async function submitUnlock(screen: Screen, password = PASSWORD): Promise<void> {
  await screen.fill('Password', password);
  await screen.click('Unlock');
}

/**
 * The account list. It sits inside its <label>, so its accessible name is the label's text followed by the selected
 * account's ("Account Account 1 (0xf39Fd6…)").
 */
const ACCOUNT_LIST: Target = { role: 'combobox', name: /^Account\b/ };

export class WalletPopup {
  constructor(readonly screen: Screen) {}

  static async open(session: BrowserSession): Promise<WalletPopup> {
    return new WalletPopup(await session.openExtensionPage('popup.html'));
  }

  async importWallet(phrase: string, password = PASSWORD): Promise<void> {
    await this.screen.click('Import an existing wallet');
    await this.screen.fill('Secret recovery phrase', phrase);
    await this.screen.fill('Password', password);
    await this.screen.fill('Confirm password', password);
    await this.screen.click('Import wallet');
    await this.screen.waitFor({ role: 'button', name: 'Lock' });
  }

  async lock(): Promise<void> {
    await this.screen.click('Lock');
    await this.screen.waitFor({ role: 'button', name: 'Unlock' });
  }

  async unlock(password = PASSWORD): Promise<void> {
    await submitUnlock(this.screen, password);
    await this.screen.waitFor({ role: 'button', name: 'Lock' });
  }

  address(): Promise<string> {
    return this.screen.text('Address');
  }

  /** The Account list's entries, "Account 1 (0xf39Fd6…)". */
  accounts(): Promise<string[]> {
    return this.screen.texts({ role: 'option', in: ACCOUNT_LIST });
  }

  async addAccount(): Promise<void> {
    const before = (await this.accounts()).length;
    await this.screen.click('Add account');
    await this.screen.waitForCount({ role: 'option', in: ACCOUNT_LIST }, before + 1);
  }

  /** Selects the account named `name` ("Account 2"). */
  async selectAccount(name: string): Promise<void> {
    const option = (await this.accounts()).find((text) => text.startsWith(`${name} (`));
    if (!option) throw new Error(`No ${name} among ${(await this.accounts()).join(', ')}`);
    await this.screen.select(ACCOUNT_LIST, option);
  }

  /** MetaMask compatibility for every site: "On" or "Off". */
  async setMetaMaskCompatibility(choice: 'On' | 'Off'): Promise<void> {
    await this.screen.select('MetaMask compatibility', choice);
  }

  /** One site's MetaMask compatibility: "On", "Off" or "As for all sites". */
  async setSiteMetaMaskCompatibility(origin: string, choice: 'On' | 'Off' | 'As for all sites'): Promise<void> {
    await this.screen.select(`MetaMask compatibility for ${origin}`, choice);
  }

  async revoke(origin: string): Promise<void> {
    await this.screen.click(`Revoke ${origin}`);
    await this.screen.waitForCount({ role: 'button', name: `Revoke ${origin}` }, 0);
  }

  /** A watched token's row in the Tokens section (selected account and network). */
  token(symbol: string): Target {
    return { role: 'listitem', name: `Token ${symbol}` };
  }

  /** Waits until the token's row shows the balance `expected` ("1000.0 TST"): the popup refreshes it every 2 s. */
  waitForTokenBalance(symbol: string, expected: Expected): Promise<void> {
    return this.screen.waitForText({ name: `${symbol} balance`, in: this.token(symbol) }, expected);
  }

  /** Waits until the Tokens section has loaded an empty list (it says so only then). */
  waitForNoTokens(): Promise<void> {
    return this.screen.waitForText('Tokens', /No tokens yet/);
  }

  /** Submits the Add token form; the token's row appears, or `addTokenError` says why not. */
  async addToken(address: string): Promise<void> {
    await this.screen.fill('Token contract', address);
    await this.screen.click('Add token');
  }

  readonly addTokenError: Target = { role: 'alert', in: 'Add token' };

  async removeToken(symbol: string): Promise<void> {
    await this.screen.click(`Remove ${symbol}`);
    await this.screen.waitForCount(this.token(symbol), 0);
  }

  /** Waits until the Activity section lists the batch with the status `expected` ("Confirmed"). */
  waitForBatchStatus(id: string, expected: Expected): Promise<void> {
    return this.screen.waitForText({ name: 'Status', in: { role: 'listitem', name: `Batch ${id}`, in: 'Activity' } }, expected);
  }
}
