/** The popup's Send and Receive screens, by what they name things. */
import type { Expected, Screen } from '../driver/types';

export class SendScreen {
  constructor(readonly screen: Screen) {}

  /** Opens Send from Home. */
  static async open(screen: Screen): Promise<SendScreen> {
    await screen.click('Send');
    await screen.waitFor({ role: 'button', name: 'Review' });
    return new SendScreen(screen);
  }

  /** Picks the network's coin ("ETH") or a watched token by its symbol. */
  chooseAsset(symbol: string): Promise<void> {
    return this.screen.select('Asset', symbol);
  }

  recipient(address: string): Promise<void> {
    return this.screen.fill('Recipient', address);
  }

  amount(text: string): Promise<void> {
    return this.screen.fill('Amount', text);
  }

  /** Fills in the most that can go out (the coin: what is left after the most the fee can cost). */
  async max(): Promise<void> {
    await this.waitForFee();
    await this.screen.click('Max');
  }

  /** Waits until the one message about the recipient (a wrong checksum, a contract, the token itself) reads `expected`. */
  waitForRecipientCheck(expected: Expected): Promise<void> {
    return this.screen.waitForText({ role: 'alert', in: 'Recipient checks' }, expected);
  }

  /** Waits until the fee is priced, so Review can be pressed (its tier is picked on the review screen). */
  waitForFee(): Promise<void> {
    return this.screen.waitForText('Network fee', /at most, by the tier you pick on review$/);
  }

  isReviewEnabled(): Promise<boolean> {
    return this.screen.isEnabled('Review');
  }

  /** Sends the form for review: the approval window opens with it, and the popup goes back to Home's Activity. */
  async review(): Promise<void> {
    await this.screen.click('Review');
    await this.screen.waitFor({ role: 'button', name: 'Send' });
  }
}
