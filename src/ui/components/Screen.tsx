/** Every approval screen's frame: who asks (the site, on which network), the content, and the decision at the bottom. */
import type { ReactNode } from 'react';
import { t } from '../i18n/t';
import { siteBadge, siteConnection, siteName } from './site';

export function Screen({ title, origin, network, actions, children }: { title: string; origin: string; network?: string; actions: ReactNode; children: ReactNode }) {
  const connection = siteConnection(origin);
  return (
    <div className="screen">
      <header className="approval-header">
        <span className="site-badge" aria-hidden="true">{siteBadge(origin)}</span>
        <span className="site" title={origin} aria-label={t('components_site')}>{siteName(origin)}</span>
        {connection && <span className="pill danger" aria-label={t('components_connection')}>{connection}</span>}
        {network && <span className="pill" aria-label={t('components_network')}>{network}</span>}
      </header>
      <main>
        <h1>{title}</h1>
        {children}
      </main>
      <div className="actions" role="group" aria-label={t('components_decision')}>{actions}</div>
    </div>
  );
}
