/** The wallet's accounts: pick one (back to Home), or add the phrase's next one. */
import { getAddress } from 'ethers';
import type { Hex } from '../../shared/params';
import type { WalletState } from '../../shared/pages';
import { call } from '../api/background';
import { Identicon } from '../components/Identicon';
import { ScreenHeader } from '../components/ScreenHeader';
import { shortAddress } from '../format/amounts';
import { useRoute } from '../stores/route';

export function Accounts({ state }: { state: WalletState }) {
  const go = useRoute((s) => s.go);
  const choose = (address: Hex) => void call('selectAccount', { address }).then(() => go('home'));
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
      <button type="button" className="secondary" onClick={() => void call('addAccount')}>Add account</button>
    </main>
  );
}
