import { describe, expect, it } from 'vitest';
import { hostSet } from './hostSet';

describe('hostSet', () => {
  const hosts = ['metamask.io', 'b.example', 'a.example', 'example', 'xn--mtamask-xva.io', 'a.example'];
  const set = hostSet(hosts);

  it('has each host it was given, duplicates once', () => {
    for (const host of hosts) expect(set.has(host)).toBe(true);
  });

  it('has no host it was not given: not a prefix, a suffix, a neighbour in order or two entries joined', () => {
    for (const host of ['', 'metamask', 'metamask.i', 'etamask.io', 'metamask.io.', 'a.exampl', 'aa.example', 'c.example', 'example\na.example', 'zzz', '0']) {
      expect(set.has(host)).toBe(false);
    }
  });

  it('answers for an empty list and a list of one', () => {
    expect(hostSet([]).has('example')).toBe(false);
    expect(hostSet(['example']).has('example')).toBe(true);
    expect(hostSet(['example']).has('exampl')).toBe(false);
  });

  it('agrees with a Set over many hosts', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `site${(i * 7919) % 10007}.example`);
    const compact = hostSet(many);
    const plain = new Set(many);
    for (let i = 0; i < 10007; i += 3) expect(compact.has(`site${i}.example`)).toBe(plain.has(`site${i}.example`));
  });
});
