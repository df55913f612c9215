/**
 * Finding elements in Firefox by what the screens name them, with CSS and the DOM inside the page. On firefox-esr 140
 * puppeteer's locators never complete an action (`page.locator(...).click()` times out) while an element handle's
 * click works, and its `::-p-aria` selectors follow Firefox's accessibility tree, which names a <label> as well as
 * its control and gives password inputs no role to ask for. So the driver asks this function for the elements, the
 * same way on every Firefox version, and acts on element handles.
 */
import type { Role, Target } from '../types';

/** A Target as it crosses into the page: a RegExp cannot, so it travels as its source and flags. */
export interface Query {
  role?: Role;
  name?: string | { source: string; flags: string };
  in?: Query;
}

export function toQuery(target: Target): Query {
  if (typeof target === 'string') return { name: target };
  const { role, name, in: within } = target;
  return {
    role,
    name: name instanceof RegExp ? { source: name.source, flags: name.flags } : name,
    in: within === undefined ? undefined : toQuery(within),
  };
}

/** What the driver needs to know about one matching element, read in one round trip. */
export interface Facts {
  text: string;
  visible: boolean;
  enabled: boolean;
  checked: boolean;
}

/**
 * Runs in the page, so it refers to nothing outside itself. The elements `query` matches: as `facts`, or the first
 * one itself (`first`, for an element handle). Names follow the accessible name's main rules: aria-label, an img's
 * alt, a form control's <label> text without the control's own text (a <select>'s options), else the text content.
 */
export function probe(query: Query, want: 'facts' | 'first'): Facts[] | Element | null {
  const ROLES: Record<Role, string> = {
    alert: '[role="alert"]',
    button: 'button, [role="button"]',
    checkbox: 'input[type="checkbox"], [role="checkbox"]',
    combobox: 'select, [role="combobox"]',
    heading: 'h1, h2, h3, h4, h5, h6, [role="heading"]',
    img: 'img, [role="img"]',
    list: 'ul, ol, [role="list"]',
    listitem: 'li, [role="listitem"]',
    main: 'main, [role="main"]',
    option: 'option, [role="option"]',
    radio: 'input[type="radio"], [role="radio"]',
    region: 'section[aria-label], [role="region"]',
  };
  const CONTROLS = 'input, textarea, select';
  const normalized = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
  const labelText = (control: Element) => {
    const label = control.closest('label');
    if (!label) return '';
    const copy = label.cloneNode(true) as Element;
    copy.querySelectorAll(CONTROLS).forEach((inner) => inner.remove());
    return normalized(copy.textContent);
  };
  const nameOf = (element: Element) => {
    const aria = element.getAttribute('aria-label');
    if (aria !== null) return normalized(aria);
    if (element.matches('img')) return normalized(element.getAttribute('alt'));
    if (element.matches(CONTROLS)) return labelText(element);
    return normalized(element.textContent);
  };
  const named = (element: Element, name: Query['name']) => {
    if (name === undefined) return true;
    const actual = nameOf(element);
    return typeof name === 'string' ? actual === name : new RegExp(name.source, name.flags).test(actual);
  };

  const chain: Query[] = [];
  for (let q: Query | undefined = query; q; q = q.in) chain.unshift(q);
  let found: Element[] = [document.documentElement];
  for (const q of chain) {
    // Without a role, the element an aria-label names, or a form control its <label> names.
    const css = q.role ? ROLES[q.role] : `[aria-label], ${CONTROLS}`;
    const inside = new Set(found.flatMap((scope) => [...scope.querySelectorAll(css)]));
    found = [...inside].filter((element) => named(element, q.name));
  }
  if (want === 'first') return found[0] ?? null;
  return found.map((element) => ({
    text: normalized(element.textContent),
    visible: element.checkVisibility(),
    enabled: !element.matches(':disabled'),
    checked: element.matches(':checked'),
  }));
}
