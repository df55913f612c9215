/**
 * What a signature or a call grants that can hurt, each a Notice; the riskiest ask for a second, explicit yes before
 * Sign (or Approve) wakes up.
 */
import { useState, type ReactNode } from 'react';
import type { DangerPhraseKey } from '../../shared/dangerPhrases';
import type { Danger, DangerKey } from '../../shared/dangers';
import { Notice } from '../components/Notice';
import type { MessageKey } from '../i18n/keys';
import { say } from '../i18n/say';
import { t } from '../i18n/t';

// An info is no warning: it goes unlabelled.
const isWarning = (danger: Danger): boolean => danger.tone !== 'info';
// The worker names the words by keys of the catalogues (src/shared cannot import them): `satisfies` fails to compile
// when a DangerKey, or a DangerPhraseKey its values nest, is not one. What a page wrote (a symbol, a label, an address)
// is among the values: React shows it as text.
const sayDanger = ({ words, message }: Danger): string => (words ? say({ ...words, key: words.key as DangerKey | DangerPhraseKey satisfies MessageKey }) : message);
const GATES = { Sign: 'approval_dangerGateSign', Approve: 'approval_dangerGateApprove', Grant: 'approval_dangerGateGrant' } as const;

export function Dangers({ dangers, label = t('approval_signatureWarning') }: { dangers: Danger[]; label?: string }) {
  return <>{dangers.map((danger, i) => <Notice key={i} tone={danger.tone} label={isWarning(danger) ? label : undefined}>{sayDanger(danger)}</Notice>)}</>;
}

export function useDangerGate(dangers: Danger[], verb: keyof typeof GATES = 'Sign'): { blocked: boolean; gate: ReactNode } {
  const [confirmed, setConfirmed] = useState(false);
  if (!dangers.some((d) => d.confirm)) return { blocked: false, gate: null };
  return {
    blocked: !confirmed,
    gate: (
      <label className="check">
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
        {t(GATES[verb])}
      </label>
    ),
  };
}
