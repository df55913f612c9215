/**
 * The selected account's EIP-7702 delegation on the selected network, and "Revert to a plain account" after a review
 * of what will be sent. Refreshed every 2 s, so the change shows once the transaction lands.
 */
import { getAddress } from 'ethers';
import { useState } from 'react';
import type { DelegationView } from '../../../shared/pages';
import type { WalletState } from '../../../shared/walletState';
import { call } from '../../api/background';
import { ScreenHeader } from '../../components/ScreenHeader';
import { usePolled } from '../../components/usePolled';
import { shortAddress } from '../../format/amounts';
import { errorText } from '../../format/errorText';
import { t } from '../../i18n/t';

function accountType(view: DelegationView): string {
  if (!view.eip7702) return t('settings_eip7702Off', { network: view.networkName });
  if (view.otherCode) return t('settings_contractAccount');
  if (!view.delegate) return t('settings_plainAccount');
  return t('settings_delegatedTo', { delegate: view.delegateName ?? getAddress(view.delegate) });
}

export function Delegation({ state }: { state: WalletState }) {
  const { value: view, error } = usePolled(() => call('getDelegation'), [state.selectedChainId, state.selectedAccount]);
  const [asking, setAsking] = useState(false);
  const [askError, setAskError] = useState<string | null>(null);
  // Opens the review in the approval window, where the transaction is shown and signed only on Approve.
  const revert = () => {
    setAsking(true);
    setAskError(null);
    void call('revertDelegation').then(
      () => setAsking(false),
      (e: unknown) => (setAskError(errorText(e)), setAsking(false)),
    );
  };
  return (
    <main>
      <ScreenHeader title={t('settings_accountType')} back="settings" />
      {error && <p className="error" role="alert">{error}</p>}
      {!view && !error && <p aria-busy="true">…</p>}
      {view && (
        <>
          <p className="muted">{t('settings_accountOnNetwork', { account: shortAddress(getAddress(view.account)), network: view.networkName })}</p>
          <p aria-label={t('settings_accountType')}><strong>{accountType(view)}</strong></p>
          {view.delegate && <p className="mono" aria-label={t('settings_delegate')}>{getAddress(view.delegate)}</p>}
          {view.delegate && (
            <>
              <p className="muted">{t('settings_revertExplained')}</p>
              <button type="button" className="secondary" disabled={asking} onClick={revert}>{t('settings_revertToPlain')}</button>
            </>
          )}
          {askError && <p className="error" role="alert">{askError}</p>}
        </>
      )}
    </main>
  );
}
