/**
 * A 5×5 mirrored pattern and a hue from an address's bytes, so an account is recognised at a glance. The same address
 * in any letter case gives the same picture (checksumming changes only the case).
 */
export interface IdenticonPattern {
  hue: number;
  /** Row by row, 5 × 5; column c mirrors column 4 − c. */
  cells: boolean[][];
}

export function identiconPattern(address: string): IdenticonPattern {
  const hex = address.toLowerCase().replace(/^0x/, '').padEnd(40, '0');
  const nibble = (i: number) => parseInt(hex[i % hex.length], 16);
  const cells = Array.from({ length: 5 }, (_, row) => {
    const half = [0, 1, 2].map((col) => nibble(4 + row * 3 + col) % 2 === 1);
    return [half[0], half[1], half[2], half[1], half[0]];
  });
  return { hue: parseInt(hex.slice(0, 4), 16) % 360, cells };
}
