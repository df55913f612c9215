import { t } from '../i18n/t';

/** Beside an account that signs on a Ledger: the wallet holds no key for it. */
export function DeviceBadge() {
  return <span className="device-badge" aria-label={t('components_ledgerAccount')} title={t('components_signsOnLedger')}>{t('components_ledger')}</span>;
}
