/** Info, warning or danger, in words: warnings and dangers are alerts (read out when they appear). */
import type { ReactNode } from 'react';

export function Notice({ tone, label, children }: { tone: 'info' | 'warn' | 'danger'; label?: string; children: ReactNode }) {
  return <p className={`notice ${tone}`} role={tone === 'info' ? 'status' : 'alert'} aria-label={label}>{children}</p>;
}
