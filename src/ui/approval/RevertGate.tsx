/** A request whose simulation reverts needs a second, explicit yes: the box below, before Approve wakes up. */
import { useState, type ReactNode } from 'react';
import { t, uiLocale } from '../i18n/t';
import type { PreviewState } from './usePreview';
import { revertOf } from './usePreview';

export function useRevertGate(state: PreviewState): { blocked: boolean; gate: ReactNode } {
  const [confirmed, setConfirmed] = useState(false);
  const revert = revertOf(state);
  if (!revert) return { blocked: false, gate: null };
  return {
    blocked: !confirmed,
    gate: (
      <label className="check">
        <input type="checkbox" checked={confirmed} onChange={(e) => setConfirmed(e.target.checked)} />
        {t('review_sendAnyway', { number: (revert.call + 1).toLocaleString(uiLocale()) })}
      </label>
    ),
  };
}
