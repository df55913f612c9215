/**
 * The wallet's accounts: pick one (back to Home), rename the selected one (or remove it: a Ledger account or an imported
 * key), add the phrase's next one, import a key, or add a Ledger account in a tab of the wallet's own (the popup would
 * close when the browser's device chooser opens).
 */
import { getAddress } from 'ethers';
import { useState } from 'react';
import browser from 'webextension-polyfill';
import type { Hex } from '../../../shared/params';
import type { WalletState } from '../../../shared/walletState';
import { call } from '../../api/background';
import { DeviceBadge } from '../../components/DeviceBadge';
import { Identicon } from '../../components/Identicon';
import { ScreenHeader } from '../../components/ScreenHeader';
import { shortAddress } from '../../format/amounts';
import { t } from '../../i18n/t';
import { useRoute } from '../../stores/route';
import { ImportKey } from './ImportKey';
import { Remove } from './Remove';
import { Rename } from './Rename';

/** The popup's page in a tab, on the add-account screen (App.tsx). */
export const ADD_LEDGER_PAGE = 'popup.html?page=addLedger';

export function Accounts({ state }: { state: WalletState }) {
  const go = useRoute((s) => s.go);
  const [importing, setImporting] = useState(false);
  const [removing, setRemoving] = useState<Hex | null>(null);
  const choose = (address: Hex) => void call('selectAccount', { address }).then(() => go('home'));
  const selected = state.accounts.find((a) => a.address === state.selectedAccount);
  // Never one of the phrase's accounts, nor the last one (the worker refuses both too).
  const removable = selected && (selected.ledger || selected.imported) && state.accounts.length > 1 ? selected : undefined;
  return (
    <main>
      <ScreenHeader title={t('accounts_title')} />
      <section aria-label={t('accounts_title')} className="plain-list">
        {state.accounts.map((a) => (
          <button key={a.address} type="button" className="account-row" aria-pressed={a.address === state.selectedAccount} onClick={() => choose(a.address)}>
            <Identicon address={a.address} />
            <strong>{a.name}</strong> <span className="mono">{shortAddress(getAddress(a.address))}</span>
            {a.ledger && <> <DeviceBadge /></>}
          </button>
        ))}
      </section>
      {selected && <Rename key={selected.address} account={selected} />}
      {removable && (
        <button type="button" className="secondary small" aria-expanded={removing === removable.address} onClick={() => setRemoving(removing === removable.address ? null : removable.address)}>
          {t('accounts_removeAccount')}
        </button>
      )}
      {removable && removing === removable.address && <Remove key={removable.address} account={removable} onDone={() => setRemoving(null)} />}
      <div className="row">
        <button type="button" className="secondary" onClick={() => void call('addAccount')}>{t('accounts_addAccount')}</button>
        <button type="button" className="secondary" aria-expanded={importing} onClick={() => setImporting(!importing)}>{t('accounts_importPrivateKey')}</button>
        <button type="button" className="secondary" onClick={() => void browser.tabs.create({ url: browser.runtime.getURL(ADD_LEDGER_PAGE) })}>{t('accounts_addLedgerAccount')}</button>
      </div>
      {importing && <ImportKey onDone={() => go('home')} />}
    </main>
  );
}
