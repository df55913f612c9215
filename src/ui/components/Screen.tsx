/** Every approval screen's frame: who asks (the site, on which network), the content, and the decision at the bottom. */
import type { ReactNode } from 'react';

/** The site's first letter as its badge: loading its favicon would fetch from the site on the wallet's behalf. */
const monogram = (origin: string): string => (new URL(origin).hostname.replace(/^www\./, '')[0] ?? '?').toUpperCase();

export function Screen({ title, origin, network, actions, children }: { title: string; origin: string; network?: string; actions: ReactNode; children: ReactNode }) {
  // The wallet's own requests (Send, Speed up, Cancel, reverts) come from this page's own origin.
  const own = origin === location.origin;
  return (
    <div className="screen">
      <header className="approval-header">
        <span className="site-badge" aria-hidden="true">{own ? 'B' : monogram(origin)}</span>
        <span className="site" title={origin} aria-label="Site">{own ? 'Batch Wallet' : origin}</span>
        {network && <span className="pill" aria-label="Network">{network}</span>}
      </header>
      <main>
        <h1>{title}</h1>
        {children}
      </main>
      <div className="actions" role="group" aria-label="Decision">{actions}</div>
    </div>
  );
}
