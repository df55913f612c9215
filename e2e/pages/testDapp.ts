/**
 * MetaMask's test-dapp page, driven by its elements' ids as MetaMask's own e2e drives it: its buttons' texts repeat
 * ("Sign", "Verify" in every card), their ids do not.
 */
import type { BrowserSession, Screen } from '../driver/types';
import { ApprovalWindow } from './approval';

export class TestDapp {
  constructor(readonly screen: Screen) {}

  static async open(session: BrowserSession, url: string): Promise<TestDapp> {
    return new TestDapp(await session.openPage(url));
  }

  /** Clicks the button `id` once the page enabled it (its signature buttons wake up once it is connected). */
  async press(id: string): Promise<void> {
    await this.screen.waitForFunction((id) => (document.getElementById(id) as HTMLButtonElement | null)?.disabled === false, id);
    await this.screen.evaluate((id) => document.getElementById(id)!.click(), id);
  }

  /** The text the page put in the element `id`, once there is some ("Error: …" when the wallet refused). */
  result(id: string): Promise<string> {
    return this.screen.waitForFunction((id) => document.getElementById(id)?.textContent?.trim() || false, id) as Promise<string>;
  }

  /** Connect, approved in the wallet with the preselected account; the accounts the page lists then. */
  async connect(session: BrowserSession): Promise<string> {
    await this.press('connectButton');
    await (await ApprovalWindow.next(session)).connect();
    return this.result('accounts');
  }
}
