/** Page objects for the wallet's own screens in Firefox, by their accessible names. */
import type { Page } from 'puppeteer-core';
import type { FirefoxWallet } from '../browser';
import { button, field } from './selectors';

export const PASSWORD = 'correct horse battery';

export type Screen = 'onboarding' | 'unlock' | 'home';

export class WalletPopup {
  constructor(readonly page: Page) {}

  static async open(firefox: FirefoxWallet): Promise<WalletPopup> {
    return new WalletPopup(await firefox.openExtensionPage('popup.html'));
  }

  async importWallet(phrase: string, password = PASSWORD): Promise<void> {
    await this.page.locator(button('Import an existing wallet')).click();
    await this.page.locator(field('Secret recovery phrase')).fill(phrase);
    await this.page.locator(field('Password')).fill(password);
    await this.page.locator(field('Confirm password')).fill(password);
    await this.page.locator(button('Import wallet')).click();
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

  async address(): Promise<string> {
    const address = await this.page.waitForSelector('[aria-label="Address"]');
    return address!.evaluate((element) => element.textContent ?? '');
  }
}

/** The unlock form, which both the popup and the approval window show while the wallet is locked. */
export async function unlock(page: Page, password = PASSWORD): Promise<void> {
  await page.locator(field('Password')).fill(password);
  await page.locator(button('Unlock')).click();
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

  connect(): Promise<void> {
    return this.page.locator(button('Connect')).click();
  }

  reject(): Promise<void> {
    return this.page.locator(button('Reject')).click();
  }

  /** The user closes the window instead of answering. */
  close(): Promise<void> {
    return this.page.close();
  }
}
