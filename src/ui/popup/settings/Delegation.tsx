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
import { readableAmount, shortAddress } from '../../format/amounts';

function accountType(view: DelegationView): string {
  if (!view.eip7702) return `EIP-7702 is off on ${view.networkName}`;
  if (view.otherCode) return 'Contract account';
  if (!view.delegate) return 'Plain account';
  return `Delegated to ${view.delegateName ?? getAddress(view.delegate)}`;
}

export function Delegation({ state }: { state: WalletState }) {
  const { value: view, error } = usePolled(() => call('getDelegation'), [state.selectedChainId, state.selectedAccount]);
  const [reviewing, setReviewing] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);
  const symbol = state.networks.find((n) => n.chainId === state.selectedChainId)?.nativeCurrency.symbol ?? 'ETH';
  const revert = () => {
    setSending(true);
    setSendError(null);
    void call('revertDelegation').then(
      () => (setReviewing(false), setSending(false)),
      (e: Error) => (setSendError(e.message), setSending(false)),
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
          {view.delegate && !reviewing && (
            <button type="button" className="secondary" onClick={() => setReviewing(true)}>Revert to a plain account</button>
          )}
          {view.delegate && reviewing && (
            <div className="card" role="group" aria-label="Review">
              <p>
                One type-4 transaction from your account to itself, authorizing address 0x0000…0000: the account's code
                becomes empty and it works as a plain account again. Atomic batches will ask to upgrade again.
              </p>
              <p aria-label="Max network fee">Network fee: up to {readableAmount(view.revertMaxFee ?? '0')} {symbol}</p>
              {sendError && <p className="error" role="alert">{sendError}</p>}
              <div className="row">
                <button type="button" className="secondary" disabled={sending} onClick={() => setReviewing(false)}>Keep delegation</button>
                <button type="button" disabled={sending} onClick={revert}>Confirm revert</button>
              </div>
            </div>
          )}
        </>
      )}
    </main>
  );
}
