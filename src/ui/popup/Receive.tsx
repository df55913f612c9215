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
  // Kept with the address it encodes, and shown only for it: after a quick switch the one before may be drawn last.
  const [drawn, setDrawn] = useState<{ address: string; url: string } | null>(null);
  useEffect(() => {
    let current = true;
    void toDataURL(address, { margin: 1, width: 200 }).then((url) => current && setDrawn({ address, url }));
    return () => {
      current = false;
    };
  }, [address]);
  const qr = drawn?.address === address ? drawn.url : null;
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
