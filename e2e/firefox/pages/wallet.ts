/** Page objects for the wallet's own screens in Firefox, by their accessible names. */
import type { Page } from 'puppeteer-core';
import { hrefOf, type FirefoxWallet } from '../browser';
import { poll } from '../poll';
import { clickButton } from './click';
import { button, field, labelled } from './selectors';

export const PASSWORD = 'correct horse battery';

export type Screen = 'onboarding' | 'unlock' | 'home';

export class WalletPopup {
  constructor(readonly page: Page) {}

  static async open(firefox: FirefoxWallet): Promise<WalletPopup> {
    return new WalletPopup(await firefox.openExtensionPage('popup.html'));
  }

  async importWallet(phrase: string, password = PASSWORD): Promise<void> {
    await clickButton(this.page, 'Import an existing wallet');
    await this.page.locator(field('Secret recovery phrase')).fill(phrase);
    await this.page.locator(field('Password')).fill(password);
    await this.page.locator(field('Confirm password')).fill(password);
    await clickButton(this.page, 'Import wallet');
    await this.page.waitForSelector(button('Lock'));
  }

  async unlock(password = PASSWORD): Promise<void> {
    await unlock(this.page, password);
    await this.page.waitForSelector(button('Lock'));
  }

  /** Which screen the popup shows once the wallet's state has loaded. */
  async screen(): Promise<Screen> {
    // The app renders <main aria-busy="true"> until the background has answered.
    await this.page.waitForSelector('main:not([aria-busy])');
    if (await this.page.$(button('Lock'))) return 'home';
    if (await this.page.$(button('Unlock'))) return 'unlock';
    if (await this.page.$(button('Import an existing wallet'))) return 'onboarding';
    throw new Error(`The popup shows no known screen: ${await this.page.$eval('main', (main) => main.textContent)}`);
  }

  address(): Promise<string> {
    return textOf(this.page, labelled('Address'));
  }

  /** A watched token's balance as its row in the Tokens section shows it, once it shows `expected` ("1000.0 TST"). */
  tokenBalance(symbol: string, expected: string): Promise<void> {
    return waitForText(this.page, `${labelled(`Token ${symbol}`)} ${labelled(`${symbol} balance`)}`, expected);
  }

  /** Waits until the Activity section lists the batch with the status `expected` ("Confirmed"). */
  batchStatus(id: string, expected: string): Promise<void> {
    return waitForText(this.page, `section${labelled('Activity')} ${labelled(`Batch ${id}`)} ${labelled('Status')}`, expected);
  }

  /** The Tokens section's text, once it has loaded. */
  async tokensSection(): Promise<string> {
    await this.page.waitForSelector(`section${labelled('Tokens')}:not(:has([aria-busy]))`);
    return textOf(this.page, `section${labelled('Tokens')}`);
  }
}

const normalized = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim();

/** Waits until the element `selector` reads `expected`: the popup loads and refreshes balances and statuses on its own. */
async function waitForText(page: Page, selector: string, expected: string): Promise<void> {
  let last: string | null = null;
  await poll(`${selector} to read "${expected}"`, async () => {
    last = await page.$eval(selector, (e) => e.textContent).catch(() => null);
    return normalized(last) === expected ? true : undefined;
  }).catch((error: Error) => {
    throw new Error(`${error.message}; it reads ${JSON.stringify(last)}`);
  });
}

/** The text of the first element `selector` finds, once there is one, with its whitespace collapsed (as Playwright's toHaveText reads it). */
async function textOf(page: Page, selector: string): Promise<string> {
  const element = await page.waitForSelector(selector);
  return normalized(await element!.evaluate((e) => e.textContent));
}

/** The unlock form, which both the popup and the approval window show while the wallet is locked. */
export async function unlock(page: Page, password = PASSWORD): Promise<void> {
  await page.locator(field('Password')).fill(password);
  await clickButton(page, 'Unlock');
}

/** The approval window the background opens for a dapp request. */
export class ApprovalWindow {
  constructor(readonly page: Page) {}

  static async next(firefox: FirefoxWallet): Promise<ApprovalWindow> {
    return new ApprovalWindow(await firefox.nextApproval());
  }

  unlock(password = PASSWORD): Promise<void> {
    return unlock(this.page, password);
  }

  /** The text of a labelled value on the page ("Execution", "Token balance"), once it is shown. */
  text(label: string): Promise<string> {
    return textOf(this.page, labelled(label));
  }

  /** The page's main heading, once the approval has loaded. */
  heading(): Promise<string> {
    return textOf(this.page, 'main h1');
  }

  /**
   * Answers with one of the window's buttons and waits until the window is gone, which the wallet
   * does once its queue is empty: a request sent before that could land in this closing window.
   * Firefox reports no close for extension pages (see browser.ts), so this asks the page.
   */
  private async answer(name: string): Promise<void> {
    await clickButton(this.page, name);
    await poll('the approval window to close', async () => ((await hrefOf(this.page)) === undefined ? true : undefined));
  }

  connect(): Promise<void> {
    return this.answer('Connect');
  }

  reject(): Promise<void> {
    return this.answer('Reject');
  }

  approve(): Promise<void> {
    return this.answer('Approve');
  }

  sign(): Promise<void> {
    return this.answer('Sign');
  }

  /** The first step of a batch from a plain account; the batch itself is shown next, in the same window. */
  async acceptUpgrade(): Promise<void> {
    await clickButton(this.page, 'Upgrade account');
    await this.page.waitForSelector(button('Approve'));
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

  /** The user closes the window instead of answering. */
  close(): Promise<void> {
    return this.page.close();
  }
}
