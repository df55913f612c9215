/** The selected account's address, to copy or scan, and the network it is shown for. */
import { getAddress } from 'ethers';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import type { WalletState } from '../../shared/pages';
import { CopyButton } from '../components/CopyButton';
import { ScreenHeader } from '../components/ScreenHeader';

export function Receive({ state }: { state: WalletState }) {
  const address = getAddress(state.selectedAccount ?? state.accounts[0].address);
  const network = state.networks.find((n) => n.chainId === state.selectedChainId);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    void toDataURL(address, { margin: 1, width: 200 }).then(setQr);
  }, [address]);
  return (
    <main>
      <ScreenHeader title="Receive" />
      <p className="muted">Send only {network?.name ?? 'this network'} assets to this address.</p>
      <div className="qr">{qr ? <img src={qr} alt={`QR code of ${address}`} width={200} height={200} /> : <span aria-busy="true">…</span>}</div>
      <p className="mono" aria-label="Address">{address}</p>
      <CopyButton value={address} label="Copy address" />
    </main>
  );
}
