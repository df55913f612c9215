import { describe, expect, it } from 'vitest';
import { identiconPattern } from './identicon';

const A = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe('identiconPattern', () => {
  it('ignores the letter case of a checksummed address', () => {
    expect(identiconPattern(A)).toEqual(identiconPattern(A.toLowerCase()));
  });

  it('mirrors every row', () => {
    for (const row of identiconPattern(A).cells) expect(row).toEqual([...row].reverse());
  });

  it('draws two accounts differently', () => {
    expect(identiconPattern(A)).not.toEqual(identiconPattern(B));
  });
});
