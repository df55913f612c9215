/**
 * The design system (issue 47 item 6) stays the only place screens get colours, spacing, type sizes and radii from:
 * src/ui/components/styles.css names them once as custom properties in `:root` and the dark theme's `:root`, every
 * other rule uses those names, and no screen outside src/ui/components/ styles itself inline.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const UI = resolve(import.meta.dirname, '../src/ui');
// styles.css names the scales; popup.css (the popup's own screens) uses them.
const STYLESHEETS = ['components/styles.css', 'components/popup.css'].map((file) => join(UI, file));

interface Declaration { selector: string; property: string; value: string }

/** Each declaration of the stylesheet with the selector of the rule it sits in (at-rules only nest rules). */
function declarationsOf(css: string): Declaration[] {
  const found: Declaration[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rule = /([^{}]+)\{([^{}]*)\}/g;
  for (const [, head, body] of text.matchAll(rule)) {
    const selector = head.trim().replace(/^@[^{]*$/, '').trim();
    for (const part of body.split(';')) {
      const colon = part.indexOf(':');
      if (colon < 0) continue;
      found.push({ selector, property: part.slice(0, colon).trim(), value: part.slice(colon + 1).trim() });
    }
  }
  return found;
}

// Sizes of the layout, not of the scale: the popup's width and height, a column's least width, a menu's, an image's.
const LAYOUT_SIZES = new Set(['360px', '560px', '90px', '120px', '140px', '160px', '24px']);
const SIZE_PROPERTIES = /^(min-|max-)?(width|height)$|^grid-template-columns$/;
// Lines: a hairline border, a focus ring and a current tab's underline.
const LINE_PROPERTIES = /^(border(-(top|right|bottom|left))?|outline)$/;
const COLOUR = /#[0-9a-f]{3,8}\b|\b(rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|\b(white|black|red|green|blue|gray|grey|orange|yellow|purple)\b/i;

/** What a declaration outside the themes' `:root` says that should come from the scale, or undefined. */
function literalIn({ property, value }: Declaration): string | undefined {
  if (property.startsWith('--')) return `defines ${property}`;
  // A colour made only of the theme's variables (an address's hue with the theme's tint) is the theme's.
  if (COLOUR.test(value.replace(/\b[a-z]+\((\s*var\(--[\w-]+\))+\s*\)/g, ''))) return `a literal colour in ${property}: ${value}`;
  for (const [px] of value.matchAll(/-?\d*\.?\d+px\b/g)) {
    if (SIZE_PROPERTIES.test(property) && (LAYOUT_SIZES.has(px) || px === '1px')) continue;
    if (LINE_PROPERTIES.test(property) && (px === '1px' || px === '2px')) continue;
    if (property === 'outline-offset' && px === '2px') continue;
    return `a literal ${px} in ${property}: ${value}`;
  }
  return undefined;
}

const walk = (folder: string): string[] => readdirSync(folder, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? walk(join(folder, entry.name)) : [join(folder, entry.name)]));

describe('the design system', () => {
  it('finds a literal where a scale belongs (the check can fail)', () => {
    expect(declarationsOf('@media (x) { :root { --a: 4px; } } .b { padding: 6px; color: #fff; gap: var(--space-2); }').map(literalIn)).toEqual([
      'defines --a', 'a literal 6px in padding: 6px', 'a literal colour in color: #fff', undefined,
    ]);
  });

  it('the stylesheets use only styles.css\'s custom properties outside :root and the dark theme', () => {
    const found = STYLESHEETS.flatMap((file) => declarationsOf(readFileSync(file, 'utf8')))
      .filter((d) => d.selector !== ':root')
      .flatMap((d) => { const what = literalIn(d); return what ? [`${d.selector} { ${what} }`] : []; });
    expect(found).toEqual([]);
  });

  it('no screen outside src/ui/components/ has an inline style', () => {
    const screens = walk(UI).filter((file) => file.endsWith('.tsx') && !file.startsWith(join(UI, 'components/')));
    const found = screens.flatMap((file) =>
      readFileSync(file, 'utf8').split('\n').flatMap((line, i) => (/\bstyle=\{/.test(line) ? [`${relative(UI, file)}:${i + 1}`] : [])));
    expect(found).toEqual([]);
  });
});
