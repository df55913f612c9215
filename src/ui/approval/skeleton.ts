/**
 * The approval window's first paint, plain DOM: the waiting request's header, title and buttons, as the request's
 * screen draws them (Screen.tsx, Armed.tsx). These buttons never answer anything: they are disabled and have no
 * handler; the screen that replaces them arms its own as it always does (useArming.ts), from its own paint.
 */
import type { WalletState } from '../../shared/walletState';
import { firstSummary, PLANNING, type FirstSummary } from '../../shared/summaryInUrl';
import { siteBadge, siteConnection, siteName } from '../components/site';
import { t } from '../i18n/t';

/**
 * An element with its attributes, text and accessible name; the text is set as text, never parsed as markup (a site
 * names itself).
 */
function element(tag: string, attributes: Record<string, string>, text = '', name?: string): HTMLElement {
  const node = document.createElement(tag);
  for (const [attribute, value] of Object.entries(attributes)) node.setAttribute(attribute, value);
  if (name !== undefined) node.setAttribute('aria-label', name);
  node.textContent = text;
  return node;
}

/** What the first paint showed, as its mark's detail: the bench times it, the e2e specs read it. */
export interface PaintedMark {
  id: string;
  /** Painted from the window's address (summaryInUrl.ts), or from the wallet state. */
  from: 'address' | 'state';
  /** The title as painted, in the browser's language. */
  title: string;
}

/**
 * The frame Screen.tsx draws, inside the disabled fieldset Armed.tsx puts around a screen until it arms. `from`: where
 * the summary came from.
 */
export function paintSummary(root: HTMLElement, { id, type, origin, title, network, buttons }: FirstSummary, from: PaintedMark['from']): void {
  const header = element('header', { class: 'approval-header' });
  header.append(
    element('span', { class: 'site-badge', 'aria-hidden': 'true' }, siteBadge(origin)),
    element('span', { class: 'site', title: origin }, siteName(origin), t('approval_site')),
  );
  const connection = siteConnection(origin);
  if (connection) header.append(element('span', { class: 'pill danger' }, connection, t('approval_connection')));
  if (network) header.append(element('span', { class: 'pill' }, network, t('approval_network')));
  const main = element('main', { 'aria-busy': 'true' });
  // Keys of the screens' own words (shared/approvals/outlineKeys.ts): t() takes only catalogue keys, so each is one.
  const heading = t(title, { origin });
  main.append(element('h1', {}, heading));
  const actions = element('div', { class: 'actions', role: 'group' }, '', t('approval_decision'));
  actions.append(element('button', { class: 'secondary', disabled: '' }, t(buttons[0])), element('button', { disabled: '' }, t(buttons[1])));
  const screen = element('div', { class: 'screen' });
  screen.append(header, main, actions);
  const fieldset = element('fieldset', { class: 'plain', disabled: '' });
  fieldset.append(screen);
  root.replaceChildren(fieldset);
  // For `npm run bench`: the request's summary and buttons on screen (the frame after this one's paint); a request
  // still being planned has its own mark, so the request's own paint is timed apart.
  const detail: PaintedMark = { id, from, title: heading };
  const mark = type === PLANNING ? 'planning-painted' : 'approval-painted';
  requestAnimationFrame(() => setTimeout(() => performance.mark(mark, { detail })));
}

/**
 * The state's first request (or, while none waits, the first still being planned), unless `painted` (the summary from
 * the address, paintSummary) is already its own. The state has the last word: a paint of another request, or of one
 * the wallet must be created or unlocked for first (the app's own screens for that come next), is taken down.
 */
export function paintFirst(root: HTMLElement, state: WalletState, painted?: string): void {
  const first = state.approvals[0] ?? state.planning[0];
  if (!first || !state.initialized || !state.unlocked) return void root.replaceChildren();
  if (first.id !== painted) paintSummary(root, firstSummary(first), 'state');
}
