/** The approval window the background opens for a dapp request, by what its pages name things. */
import type { BrowserSession, Screen } from '../driver/types';
import { PASSWORD, submitUnlock } from './wallet';

/** What the window painted before React had loaded (ui/approval/skeleton.ts): the request, from where, its title. */
export interface FirstPaint {
  id: string;
  from: 'address' | 'state';
  title: string;
}

export class ApprovalWindow {
  constructor(readonly screen: Screen) {}

  /** The approval window the wallet opens next; the ones handed out before are skipped. */
  static async next(session: BrowserSession): Promise<ApprovalWindow> {
    return new ApprovalWindow(await session.nextExtensionPage('approval.html'));
  }

  /**
   * Once the request's screen is up: what the window painted before it (none when it painted nothing), and the id of
   * the request the screen shows. Read from the marks the window sets (`npm run bench` times the same).
   */
  async firstPaint(): Promise<{ painted?: FirstPaint; shown: string }> {
    const marks = await this.screen.waitForFunction(() => {
      const shown = performance.getEntriesByName('approval-shown')[0] as PerformanceMark | undefined;
      const painted = performance.getEntriesByName('approval-painted')[0] as PerformanceMark | undefined;
      return shown && { shown: shown.detail as string, ...(painted ? { painted: painted.detail as FirstPaint } : {}) };
    }, undefined);
    return marks!;
  }

  /** The window asks for the password first while the wallet is locked; then it shows the request. */
  unlock(password = PASSWORD): Promise<void> {
    return submitUnlock(this.screen, password);
  }

  /**
   * Clicks one of the request's buttons without waiting for the window to close: another request waits in it, or
   * the test does something at once (stops the worker).
   */
  press(button: string): Promise<void> {
    return this.screen.click(button);
  }

  /**
   * Answers with one of the window's buttons and waits until the window is gone, which the wallet does once its
   * queue is empty: a request sent before that could land in this closing window.
   */
  private async answer(button: string): Promise<void> {
    await this.screen.click(button);
    await this.screen.waitForClose();
  }

  connect(): Promise<void> {
    return this.answer('Connect');
  }

  /** wallet_connect's button when the site also asks to sign in (ERC-7846 signInWithEthereum). */
  connectAndSignIn(): Promise<void> {
    return this.answer('Connect and sign in');
  }

  reject(): Promise<void> {
    return this.answer('Reject');
  }

  approve(): Promise<void> {
    return this.answer('Approve');
  }

  /** The simulation says a call fails: the user ticks the second confirmation, then approves. */
  async approveDespiteRevert(): Promise<void> {
    await this.screen.check({ role: 'checkbox', name: /^Send anyway/ });
    await this.approve();
  }

  /** A call the wallet names dangers for (an unlimited approval, a spender without code): the second confirmation, then Approve. */
  async approveDespiteDangers(): Promise<void> {
    await this.screen.check({ role: 'checkbox', name: /^Approve anyway/ });
    await this.approve();
  }

  /** The delegation firewall's revert, paid by the account picked in "Paid by". */
  revert(): Promise<void> {
    return this.answer('Revert');
  }

  /** An execution permission's Grant (ERC-7715). */
  grant(): Promise<void> {
    return this.answer('Grant');
  }

  /** A grant the wallet names dangers for (a stream, replacing a delegate it did not set): the second confirmation, then Grant. */
  async grantDespiteDangers(): Promise<void> {
    await this.screen.check({ role: 'checkbox', name: /^Grant anyway/ });
    await this.grant();
  }

  sign(): Promise<void> {
    return this.answer('Sign');
  }

  /** A signature the wallet names dangers for: the user ticks the second confirmation, then signs. */
  async signDespiteDangers(): Promise<void> {
    await this.screen.check({ role: 'checkbox', name: /^Sign anyway/ });
    await this.sign();
  }

  /** A double click on one of the window's buttons, as a hurried user (or a page that timed it) makes. */
  doubleClick(button: string): Promise<void> {
    return this.screen.doubleClick(button);
  }

  /** The first step of a batch from a plain account; the batch itself is shown next, in the same window. */
  async acceptUpgrade(): Promise<void> {
    await this.screen.click('Upgrade account');
    await this.screen.waitFor({ role: 'button', name: 'Approve' });
  }

  /** wallet_switchEthereumChain's button, for a network added to the wallet. */
  switchNetwork(): Promise<void> {
    return this.answer('Switch network');
  }

  declineUpgrade(): Promise<void> {
    return this.answer('Decline upgrade');
  }

  /** wallet_watchAsset's buttons. */
  addToken(): Promise<void> {
    return this.answer('Add token');
  }

  /** wallet_watchAsset's button for an ERC-721 / ERC-1155 token. */
  addCollectible(): Promise<void> {
    return this.answer('Add collectible');
  }

  cancel(): Promise<void> {
    return this.answer('Cancel');
  }

  /** Ticks an account in the connect request's list ("Account 2"). */
  chooseAccount(name: string): Promise<void> {
    return this.screen.check({ role: 'checkbox', name });
  }

  /**
   * Picks the fee tier ("Aggressive") of a transaction's review, once its preview is shown: the preview arriving
   * moves the tiers down the screen, as a user would see before clicking.
   */
  async chooseFee(tier: 'Low' | 'Market' | 'Aggressive'): Promise<void> {
    await this.screen.waitForText('Fee', /^Fee up to /);
    await this.screen.check({ role: 'radio', name: new RegExp(`^${tier}: up to`) });
  }

  /** The phishing warning's way out: the held request is declined and the window closes. */
  backToSafety(): Promise<void> {
    return this.answer('Back to safety');
  }

  /** The phishing warning's override: the site is trusted and its held request is shown next, in the same window. */
  async trustSite(next: string): Promise<void> {
    await this.screen.click('Continue anyway (I trust this site)');
    await this.screen.waitFor({ role: 'button', name: next });
  }

  /** The user closes the window instead of answering. */
  close(): Promise<void> {
    return this.screen.close();
  }
}
