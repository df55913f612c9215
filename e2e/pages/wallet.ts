/** The wallet's toolbar popup, by what its screens name things. */
import { basename } from 'node:path';
import { poll } from '../driver/poll';
import type { BrowserSession, Expected, Screen, Target } from '../driver/types';

export const PASSWORD = 'correct horse battery';

/** The unlock form, which both the popup and the approval window show while the wallet is locked. */
export async function submitUnlock(screen: Screen, password = PASSWORD): Promise<void> {
  await screen.fill('Password', password);
  await screen.click('Unlock');
}

/** The Accounts screen's list: one button per account, "Account 1 0xf39F…2266". */
const ACCOUNT_BUTTONS: Target = { role: 'button', in: 'Accounts' };

/** How the popup writes an account: its name and short address. */
export const accountEntry = (name: string, address: string): string => `${name} ${address.slice(0, 6)}…${address.slice(-4)}`;

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

  /** The delegation firewall's red banner (one per account delegating to a contract the wallet did not set up). */
  static readonly foreignDelegation: Target = { role: 'alert', name: 'Foreign delegation' };

  /** The selected account's full address, as the Receive screen shows it. */
  async address(): Promise<string> {
    await this.screen.click('Receive');
    const address = await this.screen.text('Address');
    await this.screen.click('Back');
    return address;
  }

  /** The Accounts screen's entries, "Account 1 0xf39F…2266". */
  async accounts(): Promise<string[]> {
    await this.screen.click('Switch account');
    const entries = await this.screen.texts(ACCOUNT_BUTTONS);
    await this.screen.click('Back');
    return entries;
  }

  async addAccount(): Promise<void> {
    await this.screen.click('Switch account');
    const before = (await this.screen.texts(ACCOUNT_BUTTONS)).length;
    await this.screen.click('Add account');
    await this.screen.waitForCount(ACCOUNT_BUTTONS, before + 1);
    await this.screen.click('Back');
  }

  /** Selects the account named `name` ("Account 2"); the popup goes back to Home. */
  async selectAccount(name: string): Promise<void> {
    await this.screen.click('Switch account');
    const entries = await this.screen.texts(ACCOUNT_BUTTONS);
    const entry = entries.find((text) => text.startsWith(`${name} `));
    if (!entry) throw new Error(`No ${name} among ${entries.join(', ')}`);
    await this.screen.click(entry);
    await this.screen.waitForText('Account name', name);
  }

  /** Shows one of Home's sections: in the row, or behind its *More sections* button. */
  async showSection(name: 'Tokens' | 'Collectibles' | 'Activity' | 'Approvals' | 'Permissions' | 'Sites'): Promise<void> {
    // Home draws its sections once the wallet's state has come: counted before, every section would seem to be behind More.
    await this.screen.waitFor({ role: 'button', name: 'More sections' });
    if ((await this.screen.count({ role: 'button', name })) === 0) await this.screen.click('More sections');
    await this.screen.click(name);
  }

  /** MetaMask compatibility for every site, in Settings: "On" or "Off"; back to Home after. */
  async setMetaMaskCompatibility(choice: 'On' | 'Off'): Promise<void> {
    await this.screen.click('Settings');
    await this.screen.select('MetaMask compatibility', choice);
    await this.screen.click('Back');
  }

  /** The user's ERC-7730 descriptor files, added in Settings from these paths, each once it is listed there; back to Home after. */
  async addDescriptors(paths: string[]): Promise<void> {
    await this.screen.click('Settings');
    for (const path of paths) {
      await this.screen.chooseFile('Add a descriptor file (ERC-7730 JSON)', path);
      await this.screen.waitFor({ role: 'button', name: `Remove ${basename(path)}` });
    }
    await this.screen.click('Back');
  }

  /** What Settings says when it refuses the descriptor file at `path`; back to Home after. */
  async refusedDescriptor(path: string): Promise<string> {
    await this.screen.click('Settings');
    await this.screen.chooseFile('Add a descriptor file (ERC-7730 JSON)', path);
    await this.screen.waitFor('Descriptor error');
    const refusal = await this.screen.text('Descriptor error');
    await this.screen.click('Back');
    return refusal;
  }

  /** One site's MetaMask compatibility, in Home's Sites section: "On", "Off" or "As for all sites". */
  async setSiteMetaMaskCompatibility(origin: string, choice: 'On' | 'Off' | 'As for all sites'): Promise<void> {
    await this.showSection('Sites');
    await this.screen.select(`MetaMask compatibility for ${origin}`, choice);
  }

  async revoke(origin: string): Promise<void> {
    await this.showSection('Sites');
    await this.screen.click(`Revoke ${origin}`);
    await this.screen.waitForCount({ role: 'button', name: `Revoke ${origin}` }, 0);
  }

  /** An allowance's entry in the Approvals section, by its spender (checksummed). */
  allowance(spender: string): Target {
    return { role: 'listitem', name: `Allowance to ${spender}` };
  }

  /** Waits until the Approvals section lists an allowance to `spender` reading `expected` (read on chain every 2 s). */
  async waitForAllowance(spender: string, expected: Expected): Promise<void> {
    await this.showSection('Approvals');
    await this.screen.waitForText(this.allowance(spender), expected);
  }

  /** Asks to revoke it: the revoking transaction opens in the approval window. */
  async revokeAllowance(spender: string): Promise<void> {
    await this.showSection('Approvals');
    await this.screen.click(`Revoke allowance to ${spender}`);
  }

  /** Waits until Permissions lists a grant to `session` whose `part` ('Permission in words', 'Spent', 'Revoked') reads `expected`. */
  async waitForGrant(session: string, part: 'Permission in words' | 'Spent' | 'Revoked', expected: Expected): Promise<void> {
    await this.showSection('Permissions');
    await this.screen.waitForText({ name: part, in: { role: 'listitem', name: `Permission for ${session}` } }, expected);
  }

  /** Asks to revoke it: the revoking transaction opens in the approval window. */
  async revokeGrant(session: string): Promise<void> {
    await this.showSection('Permissions');
    await this.screen.click(`Revoke permission for ${session}`);
  }

  /** Asks to revoke every grant of `account` on `network` (its nonce raised): the transaction opens in the approval window. */
  async revokeAllGrants(account: string, network: string): Promise<void> {
    await this.showSection('Permissions');
    await this.screen.click(`Revoke all permissions of ${account} on ${network}`);
  }

  async waitForNoAllowance(spender: string): Promise<void> {
    await this.showSection('Approvals');
    await this.screen.waitForCount(this.allowance(spender), 0);
  }

  /** A watched token's row in the Tokens section (selected account and network). */
  token(symbol: string): Target {
    return { role: 'listitem', name: `Token ${symbol}` };
  }

  /** Waits until the token's row shows the balance `expected` ("1,000 TST"): the popup refreshes it every 2 s. */
  async waitForTokenBalance(symbol: string, expected: Expected): Promise<void> {
    await this.showSection('Tokens');
    await this.screen.waitForText({ name: `${symbol} balance`, in: this.token(symbol) }, expected);
  }

  /** Waits until Home shows what the balance is worth ("≈ $3,000.00"), from the network's price feed. */
  async waitForBalanceValue(expected: Expected): Promise<void> {
    await this.screen.waitForText('Balance in US dollars', expected);
  }

  /** Waits until Home shows the account's total in US dollars ("Total ≈ $5,000.00"). */
  async waitForTotalValue(expected: Expected): Promise<void> {
    await this.screen.waitForText('Total in US dollars', expected);
  }

  /** Waits until the token's row shows its value ("≈ $2,000.00"); `tokenValues` counts the rows showing one. */
  async waitForTokenValue(symbol: string, expected: Expected): Promise<void> {
    await this.showSection('Tokens');
    await this.screen.waitForText({ name: `${symbol} value`, in: this.token(symbol) }, expected);
  }

  tokenValues(symbol: string): Promise<number> {
    return this.screen.count({ name: `${symbol} value`, in: this.token(symbol) });
  }

  /** The exact balance the token's row shows on hover ("1012.3456789 TST"). */
  tokenBalanceTitle(symbol: string): Promise<string | null> {
    return this.screen.evaluate((label) => document.querySelector(`[aria-label="${label}"]`)?.getAttribute('title') ?? null, `${symbol} balance`);
  }

  /** Waits until the Tokens section has loaded an empty list (it says so only then). */
  async waitForNoTokens(): Promise<void> {
    await this.showSection('Tokens');
    await this.screen.waitForText('Tokens', /No tokens yet/);
  }

  /** Submits the Add token form; the token's row appears, or `addTokenError` says why not. */
  async addToken(address: string): Promise<void> {
    await this.showSection('Tokens');
    await this.screen.fill('Token contract', address);
    await this.screen.click('Add token');
  }

  readonly addTokenError: Target = { role: 'alert', in: 'Add token' };

  /** Hides the token from its row's actions (behind its "⋯" button). */
  async removeToken(symbol: string): Promise<void> {
    await this.screen.click(`Actions for ${symbol}`);
    await this.screen.click(`Hide ${symbol}`);
    await this.screen.waitForCount(this.token(symbol), 0);
  }

  /** A collectible's row in the Collectibles section, by its title ("Test Collectible #1"). */
  collectible(title: string): Target {
    return { role: 'listitem', name: `Collectible ${title}`, in: 'Collectibles' };
  }

  /** Waits until the Collectibles section lists the collectible with its holding ("Held", "5 held"). */
  async waitForCollectible(title: string, holding: Expected): Promise<void> {
    await this.showSection('Collectibles');
    await this.screen.waitForText({ name: 'Holding', in: this.collectible(title) }, holding);
  }

  /** Waits until the Collectibles section has loaded an empty list (it says so only then). */
  async waitForNoCollectibles(): Promise<void> {
    await this.showSection('Collectibles');
    await this.screen.waitForText('Collectibles', /No collectibles yet/);
  }

  /** Opens a listed collectible's item view, which reads its metadata URI on chain. */
  async openCollectible(title: string): Promise<void> {
    await this.showSection('Collectibles');
    await this.screen.click(`Open ${title}`);
    await this.screen.waitFor({ role: 'region', name: 'Collectible' });
  }

  /** From the item view: removes it and goes back to the list. */
  async removeCollectible(title: string): Promise<void> {
    await this.screen.click(`Remove ${title}`);
    await this.screen.waitForCount(this.collectible(title), 0);
  }

  /** Waits until the Activity section lists the batch with the status `expected` ("Confirmed"). */
  async waitForBatchStatus(id: string, expected: Expected): Promise<void> {
    // The popup wallet_showCallsStatus opens (popup.html?origin=…&batch=…) shows only the batch, without Home's sections.
    // Told by its address: a popup just opened draws neither until the wallet's state comes, and Home's Activity button
    // counted then was none, so Tokens stayed shown and the row was never listed.
    if (!new URL(await this.screen.url()).searchParams.has('batch')) await this.showSection('Activity');
    await this.screen.waitForText({ name: 'Status', in: { role: 'listitem', name: `Batch ${id}`, in: 'Activity' } }, expected);
  }

  /** Waits until the one entry the Activity section lists has the status `expected`. */
  async waitForOnlyActivityStatus(expected: Expected): Promise<void> {
    await this.showSection('Activity');
    await this.screen.waitForText({ name: 'Status', in: 'Activity' }, expected);
  }

  /** Waits until Activity's rows have these statuses, in order (newest first), and there are no other rows. */
  async waitForActivityStatuses(expected: Expected[]): Promise<void> {
    await this.showSection('Activity');
    await this.waitForTexts({ name: 'Status', in: 'Activity' }, expected, "Activity's statuses");
  }

  /**
   * Waits until the Activity section lists these transaction statuses, in order (newest batch first). A row shows its
   * transactions' own statuses only when it has several (a Speed up, a Cancel, a sequential batch): one is the row's status.
   */
  async waitForTransactionStatuses(expected: Expected[]): Promise<void> {
    await this.showSection('Activity');
    await this.waitForTexts({ name: 'Transaction status', in: 'Activity' }, expected, 'transaction statuses');
  }

  /** Waits until Activity words the calls so, one line per call, newest batch first. */
  async waitForActivityCalls(expected: Expected[]): Promise<void> {
    await this.showSection('Activity');
    await this.waitForTexts({ role: 'listitem', in: { name: 'Calls', in: 'Activity' } }, expected, "Activity's calls");
  }

  /** Waits until one of Activity's lines (a call, a grant, a revoke) reads as `expected`. */
  async waitForActivityLine(expected: RegExp): Promise<void> {
    await this.showSection('Activity');
    await poll(`an Activity line ${expected}`, async () => ((await this.screen.texts({ role: 'listitem', in: { name: 'Calls', in: 'Activity' } })).some((t) => expected.test(t)) ? true : undefined));
  }

  /** Waits until every element `target` matches reads as `expected`, in order, and there are no others. */
  private async waitForTexts(target: Target, expected: Expected[], what: string): Promise<void> {
    const matches = (texts: string[]) => texts.length === expected.length && texts.every((t, i) => (typeof expected[i] === 'string' ? t === expected[i] : (expected[i] as RegExp).test(t)));
    await poll(`${what} ${expected.join(', ')}`, async () => (matches(await this.screen.texts(target)) ? true : undefined));
  }

  /** Speed up or Cancel of the one pending transaction in Activity. */
  async replacePending(button: 'Speed up' | 'Cancel'): Promise<void> {
    await this.showSection('Activity');
    await this.screen.click(button);
  }

  /** Picks `name` ("Base Sepolia") in Home's network switcher: every site's chain from then on. */
  async selectNetwork(name: string): Promise<void> {
    await this.screen.select('Network', name);
  }

  /** The network Home's switcher shows as selected ("Base"). */
  async selectedNetwork(): Promise<string> {
    const name = await this.screen.waitForFunction(() => (document.querySelector('select[aria-label="Network"]') as HTMLSelectElement | null)?.selectedOptions[0]?.text, null);
    return name ?? '';
  }

  /** The networks Home's switcher offers, in its order. */
  async networkChoices(): Promise<string[]> {
    const names = await this.screen.waitForFunction(() => {
      const options = [...((document.querySelector('select[aria-label="Network"]') as HTMLSelectElement | null)?.options ?? [])];
      return options.length > 0 ? options.map((o) => o.text) : undefined;
    }, null);
    return names ?? [];
  }
}
