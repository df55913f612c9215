/**
 * Everything the wallet sent, from any site or from the popup, and every execution permission granted, newest first
 * and by day (Today, Yesterday, then the date): one row each (Row.tsx), which says what happened and how it stands.
 */
import { useEffect } from 'react';
import type { ActivityItem } from '../../../shared/activity';
import { call } from '../../api/background';
import { onStorageChanged } from '../../api/runtime';
import { usePolled } from '../../components/usePolled';
import { t } from '../../i18n/t';
import { byDay } from './days';
import { Row } from './Row';

/**
 * Loaded on opening and again on each storage change, never on a timer: one load at a time, so an older answer never
 * replaces a newer one, and none reaches the screen once it is gone (usePolled).
 */
function useActivity(): ActivityItem[] | null {
  const { value, reload } = usePolled(() => call('getActivity'), [], null);
  useEffect(() => onStorageChanged(reload), [reload]);
  return value;
}

/** The whole list, or only the batch `focus` names (wallet_showCallsStatus). */
export function Activity({ focus }: { focus?: { origin: string; id: string } }) {
  const items = useActivity();
  if (!items) return <p aria-busy="true">{t('activity_loading')}</p>;
  const shown = focus ? items.filter((i) => i.origin === focus.origin && i.id === focus.id) : items;
  return (
    <section aria-label={t('activity_title')} className="activity">
      {focus && <h2>{t('activity_title')}</h2>}
      {shown.length === 0 && <p className="muted">{t('activity_empty')}</p>}
      {byDay(shown, Date.now()).map(({ day, items: rows }) => (
        <div key={day}>
          <h3>{day}</h3>
          <ul className="plain">{rows.map((item) => <Row key={item.key} item={item} />)}</ul>
        </div>
      ))}
    </section>
  );
}
