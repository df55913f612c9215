import { describe, expect, it } from 'vitest';
import { parseSponsor } from './sponsor';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';

describe('parseSponsor', () => {
  it.each([
    [undefined, {}],
    [null, {}],
    [{ name: 'Acme' }, { sponsor: { name: 'Acme' } }],
    [{ name: 'Acme', icon: PNG }, { sponsor: { name: 'Acme', icon: PNG } }],
    [{ name: 'Acme', icon: 'https://acme.example/logo.png' }, { sponsor: { name: 'Acme', icon: 'https://acme.example/logo.png' } }],
    [{ name: 'x'.repeat(64) }, { sponsor: { name: 'x'.repeat(64) } }],
    [{ name: 'Acme', icon: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E' }, { sponsor: { name: 'Acme', icon: 'data:image/svg+xml,%3Csvg%3E%3C/svg%3E' } }],
  ])('takes %j', (value, parsed) => expect(parseSponsor(value)).toEqual(parsed));

  it.each([
    [{ name: {} }, 'sponsor.name must be a text of 1 to 64 characters'],
    [{ name: '' }, 'sponsor.name must be a text'],
    [{ name: '   ' }, 'sponsor.name must be a text'],
    [{ name: 'x'.repeat(65) }, 'sponsor.name must be a text'],
    [{ name: 7 }, 'sponsor.name must be a text'],
    [{}, 'sponsor.name must be a text'],
    ['Acme', 'sponsor must be an object'],
    [['Acme'], 'sponsor must be an object'],
    [{ name: 'Acme', icon: 'http://acme.example/logo.png' }, 'sponsor.icon must be'],
    [{ name: 'Acme', icon: 'javascript:alert(1)' }, 'sponsor.icon must be'],
    [{ name: 'Acme', icon: 'data:text/html;base64,PHNjcmlwdD4=' }, 'sponsor.icon must be'],
    [{ name: 'Acme', icon: `data:image/png;base64,${'A'.repeat(40_000)}` }, 'sponsor.icon must be'],
    [{ name: 'Acme', icon: { src: PNG } }, 'sponsor.icon must be'],
  ])('refuses %j', (value, reason) => {
    const parsed = parseSponsor(value);
    expect(parsed).toHaveProperty('refused');
    expect((parsed as { refused: string }).refused).toContain(reason);
  });
});
