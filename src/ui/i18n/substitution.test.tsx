// @vitest-environment happy-dom
/**
 * What a page or a node names (a token's symbol, a site, a network) reaches the browser's getMessage as a
 * substitution: it must show as it is, never read as a placeholder, a "$" escape or one of Message's markers.
 * Chromium and Firefox substitute in one pass (Firefox: ExtensionCommon.localizeMessage, one String.replace); the
 * unit tests' stand-in renderMessage must do the same, and name placeholders case-insensitively as both browsers do.
 */
import { describe, expect, it } from 'vitest';
import { mountPoint } from '../testing/mount';
import { browserMessage, renderMessage } from './messages';
import { Message } from './Message';
import { t } from './t';

const screen = mountPoint();
const PLANTED = ['$1', '$2$', '$$', '$amount$', '$to$', '{to}', '\uE0000\uE001', '\uE0001\uE001 $1'];

describe('a value a page plants', () => {
  it('fills a camelCase placeholder as the browsers do (they read placeholder names case-insensitively)', () => {
    expect(renderMessage(browserMessage('Remove {name}. {backWith}'), ['Keep a copy.', 'Alice'])).toBe('Remove Alice. Keep a copy.');
  });

  it.each(PLANTED)('shows %j as it is through t()', (planted) => {
    expect(t('common_sentTo', { amount: '1 ETH', to: planted })).toBe(`Sent 1 ETH to ${planted}`);
    expect(t('common_sentTo', { amount: planted, to: '0xabc' })).toBe(`Sent ${planted} to 0xabc`);
  });

  it.each(PLANTED)('shows %j as it is through <Message>, the other element in its place', async (planted) => {
    const container = await screen.render(<Message id="common_sentTo" values={{ amount: planted, to: <code>0x6610…522D</code> }} />);
    expect(container.innerHTML).toBe(`Sent ${planted} to <code>0x6610…522D</code>`);
  });
});
