import type { CSSProperties } from 'react';
import { identiconPattern } from './identicon';

/** The account's picture; decorative (the name and address beside it say which account it is). */
export function Identicon({ address, size = 28 }: { address: string; size?: number }) {
  const { hue, cells } = identiconPattern(address);
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 5 5" className="identicon" style={{ '--hue': hue } as CSSProperties}>
      {cells.flatMap((row, y) => row.map((on, x) => (on ? <rect key={`${x}${y}`} x={x} y={y} width={1} height={1} /> : null)))}
    </svg>
  );
}
