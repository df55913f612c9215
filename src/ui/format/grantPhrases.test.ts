/** A grant's amount in the browser's language: its digits as the language groups and marks them, whatever the token's decimals. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { grantWords } from '../../shared/grantWords';
import type { Permission } from '../../shared/schemas/executionPermissions';
import { speak } from '../testing/speak';
import { grantPhrases } from './grantPhrases';

/** Up to 1,250 tokens a day, of a token with `decimals`. */
const daily = (decimals: number) => {
  const permission = { type: 'erc20-token-periodic', data: { periodAmount: `0x${(1250n * 10n ** BigInt(decimals)).toString(16)}`, periodDuration: 86_400, startTime: 1 } } as unknown as Permission;
  return grantWords(permission, [], { symbol: 'TKN', decimals }, 2, { phrases: grantPhrases() }).amount;
};

describe("a grant's amount in the browser's language", () => {
  afterEach(() => vi.restoreAllMocks());

  it("is never written with English's separators where they read as another number: 1,250 is one and a quarter in Portuguese", () => {
    speak('pt_BR');
    expect(daily(18)).toBe('Até 1.250 TKN por dia');
    // A token of more decimals than Intl writes (a site's token may say 24): the same digits, the language's marks.
    expect(daily(24)).toBe('Até 1.250 TKN por dia');
    expect(grantPhrases().amount(1250n * 10n ** 25n + 5n, { symbol: 'TKN', decimals: 25 })).toBe('1.250,0000000000000000000000005 TKN');
  });
});
