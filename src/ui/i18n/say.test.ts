import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasInvisible } from '../../shared/displayText';
import { inEnglish } from '../../shared/words.fixture';
import type { Words } from '../../shared/words';
import { speak } from '../testing/speak';
import { say } from './say';

// A value that is words of its own, and a list, inside a sentence.
const words: Words = {
  key: 'dangers_notAsDescribed',
  values: { label: 'Spender', text: { key: 'common_sentTo', values: { amount: '1 ETH', to: '0xabc' } }, allowed: { list: ['0x1', '0x2', '0x3'], join: 'or' } },
};

describe('say', () => {
  afterEach(() => vi.restoreAllMocks());

  it('says each value in turn and joins a list as English does, as the tests\' English of the worker does', () => {
    const english = 'Spender is Sent 1 ETH to 0xabc, but its description expects 0x1, 0x2, or 0x3: the words above were written for another use of this function, and may not say what it does.';
    expect(say(words)).toBe(english);
    expect(inEnglish(words)).toBe(english);
  });

  it('says them in the browser\'s language, the list joined as that language joins it', () => {
    speak('es');
    expect(say(words)).toBe('Spender es Enviado 1 ETH a 0xabc, pero su descripción espera 0x1, 0x2 o 0x3: las palabras de arriba se escribieron para otro uso de esta función y puede que no digan lo que hace.');
  });

  it('writes a decimal as the language writes numbers, every digit kept, the zeros after the point too; the worker\'s English groups none', () => {
    const paid: Words = { key: 'fees_usdcPaid', values: { amount: { decimal: '12345.60' } } };
    expect(say(paid)).toBe('Network fee: 12,345.60 USDC');
    expect(inEnglish(paid)).toBe('Network fee: 12345.60 USDC');
    expect(say({ key: 'fees_usdcPaid', values: { amount: { decimal: '0.000001' } } })).toBe('Network fee: 0.000001 USDC');
    speak('pt_BR');
    expect(say(paid)).toBe('Taxa de rede: 12.345,60 USDC');
    // More digits after the point than Intl writes: each kept, the marks still the language's ("1250.0…1" reads as a million and more in Portuguese).
    expect(say({ key: 'fees_usdcPaid', values: { amount: { decimal: '1250.0000000000000000000001' } } })).toBe('Taxa de rede: 1.250,0000000000000000000001 USDC');
  });

  it('writes every digit of a decimal past a float\'s range: a cost a node\'s base fee makes 10^330 wei is not said as ∞', () => {
    // The firewall's revert (rpc/firewall.ts): its cost is the node's fee per gas times the gas, read as a decimal.
    const cost = `${'9'.repeat(320)}.000000000000000001`;
    const refusal: Words = { key: 'errors_noRevertPayer', values: { cost: { decimal: cost }, symbol: 'ETH', network: 'Mine' } };
    expect(say(refusal)).toBe(inEnglish(refusal));
    const bytes: Words = { key: 'dangers_unreadExtraBytes', values: { bytes: { count: '9'.repeat(320), one: 'dangers_countByte', other: 'dangers_countBytes' } } };
    expect(say(bytes)).toBe(inEnglish(bytes));
    speak('es');
    expect(say(refusal)).toContain(`los ${'9'.repeat(320)},000000000000000001 ETH`);
    expect(say({ key: 'fees_usdcPaid', values: { amount: { decimal: `${'9'.repeat(320)}.${'0'.repeat(24)}1` } } })).toContain(`${'9'.repeat(320)},${'0'.repeat(24)}1 USDC`);
  });

  it('says a count in the form the language\'s plural rules pick, the count written as the language writes numbers', () => {
    const bytes = (count: string): Words => ({ key: 'dangers_unreadExtraBytes', values: { bytes: { count, one: 'dangers_countByte', other: 'dangers_countBytes' } } });
    expect(say(bytes('1'))).toBe('its input has 1 byte after its arguments');
    expect(inEnglish(bytes('1'))).toBe('its input has 1 byte after its arguments');
    expect(say(bytes('0'))).toBe('its input has 0 bytes after its arguments');
    expect(say(bytes('1200'))).toBe('its input has 1,200 bytes after its arguments');
    expect(inEnglish(bytes('1200'))).toBe('its input has 1200 bytes after its arguments');
    // Portuguese says 0 in the form of 1, as Intl's pt-BR rules do.
    speak('pt_BR');
    expect(new Intl.PluralRules('pt-BR').select(0)).toBe('one');
    expect(say(bytes('0'))).toBe(say({ key: 'dangers_unreadExtraBytes', values: { bytes: { key: 'dangers_countByte', values: { count: '0' } } } }));
    expect(say(bytes('1200'))).toContain('1.200 bytes');
  });

  it('writes every digit of a count too large for a float: a signed duration of 2^256 seconds is not said as other digits', () => {
    const count = (2n ** 256n / 86_400n).toString();
    const days: Words = { key: 'clearValues_daysClock', values: { days: { count, one: 'clearValues_days_one', other: 'clearValues_days_other' }, clock: '00:00:00' } };
    const grouped = (separator: string) => count.replace(/\B(?=(\d{3})+$)/g, separator);
    expect(say(days)).toBe(`${grouped(',')} days 00:00:00`);
    speak('es');
    expect(say(days)).toBe(`${grouped('.')} días 00:00:00`);
  });

  it("cleans every value it says, whoever wrote it: a network's name planted in storage reverses no sentence", () => {
    const said = say({ key: 'preview_nodeUnreachable', values: { network: 'Base\u202E tsop\u200b' } });
    expect(said).toBe(say({ key: 'preview_nodeUnreachable', values: { network: 'Base tsop' } }));
    expect(hasInvisible(said)).toBe(false);
  });

  it('shows what a page wrote as written, even when it looks like a placeholder', () => {
    expect(say({ key: 'common_sentTo', values: { amount: '$1 {to}', to: { list: ['$$'], join: 'and' } } })).toBe('Sent $1 {to} to $$');
  });
});
