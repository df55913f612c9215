/**
 * The delegation firewall's red banner: an account of the wallet delegates (EIP-7702) to a contract the wallet did not
 * set up, which can then move everything the account holds. One button reviews "Revert to a plain account" in the
 * approval window. While a page shows it, the wallet reads the accounts' code every second, so a new delegation shows
 * within about a block and a cleared one goes.
 */
import { getAddress } from 'ethers';
import { useEffect, useState } from 'react';
import type { ForeignDelegationView, WalletState } from '../../shared/walletState';
import { call } from '../api/background';
import { shortAddress } from '../format/amounts';
import { errorText } from '../format/errorText';
import { Message } from '../i18n/Message';
import { t } from '../i18n/t';

const WATCH_MS = 1000;

/** Asks the background to look now and then every WATCH_MS; what it finds reaches `state` through storage. */
function useDelegationWatch(chainId: string): void {
  useEffect(() => {
    const look = () => void call('checkDelegations').catch(() => undefined);
    look();
    const timer = setInterval(look, WATCH_MS);
    return () => clearInterval(timer);
  }, [chainId]);
}

function Banner({ found, name }: { found: ForeignDelegationView; name: string }) {
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const review = () => {
    setAsking(true);
    setError(null);
    void call('reviewForeignRevert', { account: found.account }).then(
      () => setAsking(false),
      (e: unknown) => (setError(errorText(e)), setAsking(false)),
    );
  };
  return (
    <div className="notice danger firewall" role="alert" aria-label={t('components_foreignDelegation')}>
      <p>
        <Message id="components_foreignDelegationText" values={{
          name: <strong>{name}</strong>,
          address: shortAddress(getAddress(found.account)),
          delegate: <span className="mono" aria-label={t('components_foreignDelegate')}>{getAddress(found.delegate)}</span>,
        }} />
      </p>
      {error && <p className="error">{error}</p>}
      <button type="button" className="danger" disabled={asking} onClick={review}>{t('components_revertToPlain')}</button>
    </div>
  );
}

export function ForeignDelegationBanner({ state }: { state: WalletState }) {
  useDelegationWatch(state.selectedChainId);
  const nameOf = (account: string) => state.accounts.find((a) => a.address.toLowerCase() === account.toLowerCase())?.name ?? t('components_anAccount');
  return (
    <>
      {state.foreignDelegations.map((found) => <Banner key={found.account} found={found} name={nameOf(found.account)} />)}
    </>
  );
}
