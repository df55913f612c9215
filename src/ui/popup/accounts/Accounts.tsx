/** The wallet's accounts: pick one (back to Home), rename the selected one, add the phrase's next one, import a key. */
import { getAddress } from 'ethers';
import { useState } from 'react';
import type { Hex } from '../../../shared/params';
import type { WalletState } from '../../../shared/pages';
import { call } from '../../api/background';
import { Identicon } from '../../components/Identicon';
import { ScreenHeader } from '../../components/ScreenHeader';
import { shortAddress } from '../../format/amounts';
import { useRoute } from '../../stores/route';
import { ImportKey } from './ImportKey';
import { Rename } from './Rename';

export function Accounts({ state }: { state: WalletState }) {
  const go = useRoute((s) => s.go);
  const [importing, setImporting] = useState(false);
  const choose = (address: Hex) => void call('selectAccount', { address }).then(() => go('home'));
  const selected = state.accounts.find((a) => a.address === state.selectedAccount);
  return (
    <main>
      <ScreenHeader title="Accounts" />
      <section aria-label="Accounts" className="plain-list">
        {state.accounts.map((a) => (
          <button key={a.address} type="button" className="account-row" aria-pressed={a.address === state.selectedAccount} onClick={() => choose(a.address)}>
            <Identicon address={a.address} />
            <strong>{a.name}</strong> <span className="mono">{shortAddress(getAddress(a.address))}</span>
          </button>
        ))}
      </section>
      {selected && <Rename key={selected.address} account={selected} />}
      <div className="row">
        <button type="button" className="secondary" onClick={() => void call('addAccount')}>Add account</button>
        <button type="button" className="secondary" aria-expanded={importing} onClick={() => setImporting(!importing)}>Import private key</button>
      </div>
      {importing && <ImportKey onDone={() => go('home')} />}
    </main>
  );
}
