/** The selected account's address, to copy or scan, and the network it is shown for. */
import { getAddress } from 'ethers';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import type { WalletState } from '../../shared/walletState';
import { CopyButton } from '../components/CopyButton';
import { ScreenHeader } from '../components/ScreenHeader';
import { t } from '../i18n/t';

export function Receive({ state }: { state: WalletState }) {
  const address = getAddress(state.selectedAccount ?? state.accounts[0].address);
  const network = state.networks.find((n) => n.chainId === state.selectedChainId);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    void toDataURL(address, { margin: 1, width: 200 }).then(setQr);
  }, [address]);
  return (
    <main>
      <ScreenHeader title={t('home_receive')} />
      <p className="muted">{network ? t('home_sendOnlyOn', { network: network.name }) : t('home_sendOnlyHere')}</p>
      <div className="qr">{qr ? <img src={qr} alt={t('home_qrCodeOf', { address })} width={200} height={200} /> : <span aria-busy="true">…</span>}</div>
      <p className="mono" aria-label={t('home_address')}>{address}</p>
      <CopyButton value={address} label={t('home_copyAddress')} />
    </main>
  );
}
