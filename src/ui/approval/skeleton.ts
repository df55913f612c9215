/**
 * The approval window's first paint, plain DOM: the waiting request's header, title and buttons, as the request's
 * screen draws them (Screen.tsx, Armed.tsx). These buttons never answer anything: they are disabled and have no
 * handler; the screen that replaces them arms its own as it always does (useArming.ts), from its own paint.
 */
import type { WalletState } from '../../shared/pages';
import { siteBadge, siteName } from '../components/site';
import { summaryOf } from './summary';

/** An element with its attributes and text; the text is set as text, never parsed as markup (a site names itself). */
function element(tag: string, attributes: Record<string, string>, text = ''): HTMLElement {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.textContent = text;
  return node;
}

/** The frame Screen.tsx draws, inside the disabled fieldset Armed.tsx puts around a screen until it arms. */
export function paintFirst(root: HTMLElement, state: WalletState): void {
  const approval = state.approvals[0];
  // A wallet to create or unlock first: the app's own screens for that come next.
  if (!approval || !state.initialized || !state.unlocked) return;
  const { title, network, buttons } = summaryOf(approval);
  const header = element('header', { class: 'approval-header' });
  header.append(
    element('span', { class: 'site-badge', 'aria-hidden': 'true' }, siteBadge(approval.origin)),
    element('span', { class: 'site', title: approval.origin, 'aria-label': 'Site' }, siteName(approval.origin)),
  );
  if (network) header.append(element('span', { class: 'pill', 'aria-label': 'Network' }, network));
  const main = element('main', { 'aria-busy': 'true' });
  main.append(element('h1', {}, title));
  const actions = element('div', { class: 'actions', role: 'group', 'aria-label': 'Decision' });
  actions.append(element('button', { class: 'secondary', disabled: '' }, buttons[0]), element('button', { disabled: '' }, buttons[1]));
  const screen = element('div', { class: 'screen' });
  screen.append(header, main, actions);
  const fieldset = element('fieldset', { class: 'plain', disabled: '' });
  fieldset.append(screen);
  root.replaceChildren(fieldset);
  // For `npm run bench`: the request's summary and buttons on screen (the frame after this one's paint).
  requestAnimationFrame(() => setTimeout(() => performance.mark('approval-painted', { detail: approval.id })));
}
