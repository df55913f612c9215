/** Page objects for the wallet's own screens, by their accessible names. */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';

export const PASSWORD = 'correct horse battery';

export class WalletPopup {
  constructor(readonly page: Page) {}

  static async open(context: BrowserContext, extensionId: string): Promise<WalletPopup> {
    const page = await context.newPage();
    await page.goto(`chrome-extension://${extensionId}/popup.html`);
    return new WalletPopup(page);
  }

  async importWallet(phrase: string, password = PASSWORD): Promise<void> {
    await this.page.getByRole('button', { name: 'Import an existing wallet' }).click();
    await this.page.getByLabel('Secret recovery phrase').fill(phrase);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm password').fill(password);
    await this.page.getByRole('button', { name: 'Import wallet' }).click();
    await expect(this.page.getByRole('button', { name: 'Lock' })).toBeVisible();
  }

  async lock(): Promise<void> {
    await this.page.getByRole('button', { name: 'Lock' }).click();
    await expect(this.page.getByRole('button', { name: 'Unlock' })).toBeVisible();
  }

  async unlock(password = PASSWORD): Promise<void> {
    await unlock(this.page, password);
    await expect(this.page.getByRole('button', { name: 'Lock' })).toBeVisible();
  }

  address(): Promise<string> {
    return this.page.getByLabel('Address').innerText();
  }

  async revoke(origin: string): Promise<void> {
    await this.page.getByRole('button', { name: `Revoke ${origin}` }).click();
    await expect(this.page.getByRole('button', { name: `Revoke ${origin}` })).toHaveCount(0);
  }

  /** A watched token's row in the Tokens section (selected account and network). */
  token(symbol: string): Locator {
    return this.page.getByRole('listitem', { name: `Token ${symbol}` });
  }

  /** Its balance as shown, e.g. "1000.0 TST". */
  tokenBalance(symbol: string): Locator {
    return this.token(symbol).getByLabel(`${symbol} balance`);
  }

  /** Submits the Add token form; the token's row appears, or `addTokenError()` says why not. */
  async addToken(address: string): Promise<void> {
    await this.page.getByLabel('Token contract').fill(address);
    await this.page.getByRole('button', { name: 'Add token' }).click();
  }

  addTokenError(): Locator {
    return this.page.getByRole('form', { name: 'Add token' }).getByRole('alert');
  }

  async removeToken(symbol: string): Promise<void> {
    await this.page.getByRole('button', { name: `Remove ${symbol}` }).click();
    await expect(this.token(symbol)).toHaveCount(0);
  }
}

export async function unlock(page: Page, password = PASSWORD): Promise<void> {
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

/** The approval window the background opens for a dapp request. */
export class ApprovalWindow {
  constructor(readonly page: Page) {}

  static async next(context: BrowserContext): Promise<ApprovalWindow> {
    const isApproval = (p: Page) => p.url().includes('/approval.html');
    const page = context.pages().find(isApproval) ?? (await context.waitForEvent('page', { predicate: isApproval }));
    await page.waitForLoadState('domcontentloaded');
    return new ApprovalWindow(page);
  }

  /** Answers with one of the window's buttons; the wallet closes the window once its queue is empty. */
  private async answer(button: string): Promise<void> {
    const closed = this.page.waitForEvent('close');
    await this.page.getByRole('button', { name: button }).click();
    await closed;
  }

  connect(): Promise<void> {
    return this.answer('Connect');
  }

  approve(): Promise<void> {
    return this.answer('Approve');
  }

  sign(): Promise<void> {
    return this.answer('Sign');
  }

  async acceptUpgrade(): Promise<void> {
    await this.page.getByRole('button', { name: 'Upgrade account' }).click();
  }

  declineUpgrade(): Promise<void> {
    return this.answer('Decline upgrade');
  }

  /** wallet_watchAsset's buttons. */
  addToken(): Promise<void> {
    return this.answer('Add token');
  }

  cancel(): Promise<void> {
    return this.answer('Cancel');
  }

  reject(): Promise<void> {
    return this.answer('Reject');
  }

  /** The user closes the window instead of answering. */
  async close(): Promise<void> {
    await this.page.close();
  }
}
