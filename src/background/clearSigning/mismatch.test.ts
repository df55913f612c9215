/** A value a descriptor's `visible.mustMatch` does not allow is a danger that asks the second yes, not a hidden field. */
import { describe, expect, it, vi } from 'vitest';
import type { RenderFacts } from '../../shared/erc7730/types';
import { checkingWords } from '../../shared/dangers.fixture';
import { dangersOf as dangersFrom, type DangerInput } from './dangers';

// Every field rendered says its English in words too (valueWords.fixture.ts).
vi.mock('../../shared/erc7730/render', async (original) => (await import('../../shared/erc7730/valueWords.fixture')).checkingRender(await original()));

const kept = checkingWords();
const dangersOf = (input: DangerInput) => kept(dangersFrom(input));

const facts = (mismatches: RenderFacts['mismatches']): RenderFacts => ({ amounts: [], addresses: [], dates: [], calls: [], mismatches });
const input = (f: RenderFacts) => ({ facts: f, addresses: new Map(), now: 0n, chainId: '0x1' as const });

describe('visible.mustMatch', () => {
  it('a mismatch is named, with the value and what the descriptor expects, and needs the second yes', () => {
    const dangers = dangersOf(input(facts([{ label: 'Receiver', text: '0x1111111111111111111111111111111111111111', allowed: ['0x0000000000000000000000000000000000000000'] }])));
    expect(dangers).toEqual([expect.objectContaining({ kind: 'notAsDescribed', tone: 'danger', confirm: true })]);
    expect(dangers[0].message).toMatch(/Receiver is 0x1111111111111111111111111111111111111111, but its description expects 0x0000000000000000000000000000000000000000/);
  });

  it('the values the descriptor allows are a list, joined as the language joins "or"', () => {
    const allowed = ['0x0000000000000000000000000000000000000000', '0x0000000000000000000000000000000000000001', '0x0000000000000000000000000000000000000002'];
    const [danger] = dangersOf(input(facts([{ label: 'Receiver', text: '0x1111111111111111111111111111111111111111', allowed }])));
    expect(danger.message).toContain(`expects ${allowed[0]}, ${allowed[1]}, or ${allowed[2]}:`);
    expect(danger.words?.values?.allowed).toEqual({ list: allowed, join: 'or' });
  });

  it('none when every value matches', () => {
    expect(dangersOf(input(facts([])))).toEqual([]);
  });
});
