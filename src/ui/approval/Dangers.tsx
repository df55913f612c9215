/**
 * What a signature or a call grants that can hurt, each a Notice; the riskiest ask for a second, explicit yes before
 * Sign (or Approve) wakes up.
 */
import { useState, type ReactNode } from 'react';
import type { Danger } from '../../shared/dangers';
import { Notice } from '../components/Notice';

export function Dangers({ dangers, label = 'Signature warning' }: { dangers: Danger[]; label?: string }) {
  return <>{dangers.map((danger, i) => <Notice key={i} tone={danger.tone} label={danger.tone === 'info' ? undefined : label}>{danger.message}</Notice>)}</>;
}

export function useDangerGate(dangers: Danger[], verb: 'Sign' | 'Approve' | 'Grant' = 'Sign'): { blocked: boolean; gate: ReactNode } {
  const [confirmed, setConfirmed] = useState(false);
  if (!dangers.some((d) => d.confirm)) return { blocked: false, gate: null };
  return {
    blocked: !confirmed,
    gate: (
      <label className="check">
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
        {verb} anyway: I understand the dangers named above
      </label>
    ),
  };
}
