/** Connected sites, each revocable (the site gets accountsChanged []). */
import type { WalletState } from '../../shared/pages';
import { call } from '../api/background';
import { shortAddress } from '../format/amounts';

export function Sites({ sites }: { sites: WalletState['sites'] }) {
  return (
    <section aria-label="Connected sites">
      <h2>Connected sites</h2>
      {sites.length === 0 && <p className="muted">No site is connected.</p>}
      {sites.map((site) => (
        <div key={site.origin} className="row card">
          <div>
            <div className="mono">{site.origin}</div>
            <div className="muted">{site.accounts.map(shortAddress).join(', ')}</div>
          </div>
          <button className="secondary" aria-label={`Revoke ${site.origin}`} onClick={() => void call('revokeSite', { origin: site.origin })}>
            Revoke
          </button>
        </div>
      ))}
    </section>
  );
}
