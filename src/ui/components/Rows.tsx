/** Label/value rows that line up at the approval window's width; each value is named by its label for tests and readers. */
import type { ReactNode } from 'react';

export function Rows({ label, children }: { label?: string; children: ReactNode }) {
  return <dl className="rows card" aria-label={label}>{children}</dl>;
}

export function Row({ label, name = label, mono, children }: { label: string; name?: string; mono?: boolean; children: ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd aria-label={name} className={mono ? 'mono' : undefined}>{children}</dd>
    </>
  );
}
