/**
 * The selected account's EIP-7702 delegation on the selected network, and "Revert to a plain account" after a review
 * of what will be sent. Refreshed every 2 s, so the change shows once the transaction lands.
 */
import { getAddress } from 'ethers';
import { useState } from 'react';
import type { DelegationView, WalletState } from '../../../shared/pages';
import { call } from '../../api/background';
import { ScreenHeader } from '../../components/ScreenHeader';
import { usePolled } from '../../components/usePolled';
import { shortAddress } from '../../format/amounts';

function accountType(view: DelegationView): string {
  if (!view.eip7702) return `EIP-7702 is off on ${view.networkName}`;
  if (view.otherCode) return 'Contract account';
  if (!view.delegate) return 'Plain account';
  return `Delegated to ${view.delegateName ?? getAddress(view.delegate)}`;
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
      (e: Error) => (setAskError(e.message), setAsking(false)),
    );
  };
  return (
    <main>
      <ScreenHeader title="Account type" back="settings" />
      {error && <p className="error" role="alert">{error}</p>}
      {!view && !error && <p aria-busy="true">…</p>}
      {view && (
        <>
          <p className="muted">{shortAddress(getAddress(view.account))} on {view.networkName}</p>
          <p aria-label="Account type"><strong>{accountType(view)}</strong></p>
          {view.delegate && <p className="mono" aria-label="Delegate">{getAddress(view.delegate)}</p>}
          {view.delegate && (
            <>
              <p className="muted">Reverting sends one type-4 transaction authorizing address zero; you review it and its fee in the approval window.</p>
              <button type="button" className="secondary" disabled={asking} onClick={revert}>Revert to a plain account</button>
            </>
          )}
          {askError && <p className="error" role="alert">{askError}</p>}
        </>
      )}
    </main>
  );
}
