/**
 * Connected sites, each revocable (the site gets accountsChanged []), and each site's MetaMask compatibility choice
 * (applies on the site's next load). A site with a choice of its own stays listed after it is revoked. Below them, the
 * sites on the phishing list the user trusted anyway, each of which can be distrusted again.
 */
import type { WalletState } from '../../shared/walletState';
import { call } from '../api/background';
import { shortAddress } from '../format/amounts';
import { t } from '../i18n/t';

const CHOICES = { global: 'home_compatibilityGlobal', on: 'home_compatibilityOn', off: 'home_compatibilityOff' } as const;
type Choice = keyof typeof CHOICES;

const choiceOf = (sites: Record<string, boolean>, origin: string): Choice => (!Object.hasOwn(sites, origin) ? 'global' : sites[origin] ? 'on' : 'off');
const enabledFor = (choice: Choice): boolean | null => (choice === 'global' ? null : choice === 'on');

interface SitesProps {
  sites: WalletState['sites'];
  compatibility: WalletState['metaMaskCompatibility'];
  trusted: WalletState['phishingTrusted'];
}

export function Sites({ sites, compatibility, trusted }: SitesProps) {
  return (
    <>
      <ConnectedSites sites={sites} compatibility={compatibility} />
      {trusted.length > 0 && <TrustedDespiteWarning trusted={trusted} />}
    </>
  );
}

function ConnectedSites({ sites, compatibility }: Omit<SitesProps, 'trusted'>) {
  const connected = new Map(sites.map((site) => [site.origin, site.accounts]));
  const origins = [...new Set([...connected.keys(), ...Object.keys(compatibility.sites)])];
  return (
    <section aria-label={t('home_connectedSites')}>
      <h2>{t('home_connectedSites')}</h2>
      {origins.length === 0 && <p className="muted">{t('home_noSiteConnected')}</p>}
      {origins.map((origin) => (
        <div key={origin} className="row card">
          <div>
            <div className="mono">{origin}</div>
            <div className="muted">{connected.has(origin) ? connected.get(origin)!.map(shortAddress).join(', ') : t('home_notConnected')}</div>
            <label>
              {t('home_isMetaMask')}
              <select
                aria-label={t('home_compatibilityFor', { origin })}
                value={choiceOf(compatibility.sites, origin)}
                onChange={(e) => void call('setMetaMaskCompatibility', { origin, enabled: enabledFor(e.target.value as Choice) })}
              >
                {Object.entries(CHOICES).map(([value, label]) => <option key={value} value={value}>{t(label)}</option>)}
              </select>
            </label>
          </div>
          {connected.has(origin) && (
            <button className="secondary" aria-label={t('home_revokeSite', { origin })} onClick={() => void call('revokeSite', { origin })}>
              {t('home_revoke')}
            </button>
          )}
        </div>
      ))}
    </section>
  );
}

function TrustedDespiteWarning({ trusted }: { trusted: string[] }) {
  return (
    <section aria-label={t('home_trustedDespite')}>
      <h2>{t('home_trustedDespite')}</h2>
      <p className="muted">{t('home_trustedDespiteNote')}</p>
      {trusted.map((origin) => (
        <div key={origin} className="row card">
          <div className="mono">{origin}</div>
          <button className="secondary" aria-label={t('home_stopTrustingSite', { origin })} onClick={() => void call('distrustSite', { origin })}>
            {t('home_stopTrusting')}
          </button>
        </div>
      ))}
    </section>
  );
}
