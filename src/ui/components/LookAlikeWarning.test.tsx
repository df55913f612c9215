// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mountPoint } from '../testing/mount';
import { speak } from '../testing/speak';
import { LookAlikeWarning } from './LookAlikeWarning';

const screen = mountPoint();
afterEach(() => vi.restoreAllMocks());

const warning = async (names: [string, string | undefined][]) =>
  (await screen.render(<LookAlikeWarning names={names} />)).querySelector('[role="alert"]')?.textContent;

describe('the look-alike warning', () => {
  it('says in English why each name may imitate another, the scripts named', async () => {
    expect(await warning([['symbol the site gave', 'T\u0405T'], ['token name', 'Tether']])).toBe('The symbol the site gave “T\u0405T” mixes Latin and Cyrillic letters: it may imitate another name.');
    screen.unmount();
    expect(await warning([['network name', '\u0415\u0422\u041d']])).toBe('The network name “\u0415\u0422\u041d” is written in Cyrillic letters that look Latin: it may imitate another name.');
    screen.unmount();
    expect(await warning([['token name', 'USDC\u202e']])).toBe('The token name “USDC” held invisible or reordering characters, removed here: it may imitate another name.');
  });

  it('says it in the browser\'s language, the scripts named in it too', async () => {
    speak('es');
    expect(await warning([['símbolo', 'T\u0405T']])).toBe('«T\u0405T» (símbolo) mezcla letras de los alfabetos latino y cirílico: puede imitar otro nombre.');
  });

  it('shows nothing when no name is suspect', async () => {
    expect(await warning([['token name', 'Tether'], ['symbol', undefined]])).toBeUndefined();
  });
});
