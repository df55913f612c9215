import { t } from '../i18n/t';
import { useRoute, type Screen } from '../stores/route';

/** A sub-screen's title with a Back button (to Home unless `back` names the screen that opened it). */
export function ScreenHeader({ title, back = 'home' }: { title: string; back?: Screen }) {
  const go = useRoute((s) => s.go);
  return (
    <header className="screen-header">
      <button type="button" className="icon" aria-label={t('common_back')} onClick={() => go(back)}>←</button>
      <h1>{title}</h1>
    </header>
  );
}
