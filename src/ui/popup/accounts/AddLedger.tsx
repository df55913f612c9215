/**
 * The add-account page, in a tab of the wallet's own (popup.html?page=addLedger: a popup closes when the browser's
 * device chooser takes the focus). Chrome: connect, choose the path family, pages of five addresses with their
 * balances, pick and name, add with the password (the vault keeps each address and path). Firefox has no WebHID: the
 * page says so where the button would be.
 */
import { useState } from 'react';
import type { LedgerAccountForm } from '../../../shared/pages';
import type { AccountView, WalletState } from '../../../shared/walletState';
import type { Hex } from '../../../shared/params';
import { call } from '../../api/background';
import { useSubmit } from '../../components/useSubmit';
import { readableAmount } from '../../format/amounts';
import type { MessageKey } from '../../i18n/keys';
import { t, tCount } from '../../i18n/t';
import { connectLedger, hasWebHid } from '../../ledger/device';
import { ledgerError } from '../../ledger/errors';
import type { LedgerEth } from '../../ledger/eth';
import type { LedgerAccount, LedgerError, LedgerPathKind, LedgerResult } from '../../ledger/types';

type DeviceAccounts = Pick<LedgerEth, 'accounts'>;
const PAGE = 5;
const FAMILIES: { kind: LedgerPathKind; words: MessageKey }[] = [
  { kind: 'ledgerLive', words: 'accounts_pathLedgerLive' },
  { kind: 'legacy', words: 'accounts_pathLegacy' },
];

interface Props {
  state: WalletState;
  /** Tests pass a fake device and navigator. */
  connect?: () => Promise<LedgerResult<DeviceAccounts>>;
  nav?: object;
}

export function AddLedger({ state, connect = () => connectLedger('choose'), nav = globalThis.navigator }: Props) {
  const [eth, setEth] = useState<DeviceAccounts | null>(null);
  const [failure, setFailure] = useState<{ error: LedgerError; retry(): void } | null>(null);
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState<LedgerPathKind>('ledgerLive');
  const [page, setPage] = useState(0);
  const [shown, setShown] = useState<{ accounts: LedgerAccount[]; balances: Hex[] | null } | null>(null);
  const [picked, setPicked] = useState<Map<Hex, LedgerAccountForm>>(new Map());
  const [password, setPassword] = useState('');
  const [added, setAdded] = useState<AccountView[] | null>(null);

  const load = async (device: DeviceAccounts, family: LedgerPathKind, at: number) => {
    setBusy(true);
    setFailure(null);
    const answer = await device.accounts(family, at * PAGE, PAGE);
    setBusy(false);
    if (!answer.ok) return setFailure({ error: answer.error, retry: () => void load(device, family, at) });
    setKind(family);
    setPage(at);
    setShown({ accounts: answer.value, balances: null });
    const balances = await call('getBalances', { addresses: answer.value.map((a) => a.address) }).catch(() => null);
    setShown((now) => (now?.accounts === answer.value ? { ...now, balances } : now));
  };
  const open = async () => {
    setBusy(true);
    setFailure(null);
    const answer = await connect();
    setBusy(false);
    if (!answer.ok) return setFailure({ error: answer.error, retry: () => void open() });
    setEth(answer.value);
    await load(answer.value, kind, 0);
  };
  const toggle = (account: LedgerAccount) =>
    setPicked((now) => {
      const next = new Map(now);
      if (!next.delete(account.address)) next.set(account.address, { address: account.address, path: account.path });
      return next;
    });
  const rename = (address: Hex, name: string) => setPicked((now) => new Map(now).set(address, { ...now.get(address)!, name }));
  const { submit, error: addError, busy: adding } = useSubmit(async () => {
    const accounts = [...picked.values()].map(({ address, path, name }) => ({ address, path, ...(name?.trim() ? { name: name.trim() } : {}) }));
    setAdded(await call('addLedgerAccounts', { accounts, password }));
  });

  const network = state.networks.find((n) => n.chainId === state.selectedChainId);
  const listed = (address: Hex) => state.accounts.find((a) => a.address.toLowerCase() === address.toLowerCase());
  const webHid = hasWebHid(nav);

  if (added) {
    return (
      <main>
        <h1>{t('accounts_addLedgerAccount')}</h1>
        <p role="status" aria-label={t('accounts_addedAccounts')}>{t('accounts_addedNames', { names: added.map((a) => a.name).join(', ') })}</p>
      </main>
    );
  }
  return (
    <main>
      {/* A tab of its own, no Back: closing it is the way out. */}
      <h1>{t('accounts_addLedgerAccount')}</h1>
      {!webHid && <p className="error" role="alert">{ledgerError('noWebHid').words}</p>}
      {webHid && !eth && !failure && (
        <div className="card">
          <p>{t('accounts_plugIn')}</p>
          <button type="button" disabled={busy} onClick={() => void open()}>{t('accounts_connectLedger')}</button>
        </div>
      )}
      {failure && (
        <div className="card">
          <p className="error" role="alert">{failure.error.words}</p>
          <button type="button" onClick={failure.retry}>{t('accounts_tryAgain')}</button>
        </div>
      )}
      {eth && (
        <form onSubmit={submit} aria-busy={busy}>
          <div role="group" aria-label={t('accounts_pathFamily')} className="tab-row">
            {FAMILIES.map((f) => (
              <button key={f.kind} type="button" aria-pressed={f.kind === kind} disabled={busy} onClick={() => void load(eth, f.kind, 0)}>{t(f.words)}</button>
            ))}
          </div>
          {shown && (
            <ul aria-label={t('accounts_ledgerAddresses')} className="ledger-addresses">
              {shown.accounts.map((a, i) => {
                const account = listed(a.address);
                const choice = picked.get(a.address);
                const content = (
                  <>
                    <span className="mono muted">m/{a.path}</span>
                    <span className="mono">{a.address}</span>
                    <span>{shown.balances ? `${readableAmount(shown.balances[i]!, network?.nativeCurrency.decimals)} ${network?.nativeCurrency.symbol ?? ''}` : '…'}</span>
                  </>
                );
                return (
                  <li key={a.address}>
                    {account ? (
                      <div className="account-row">{content}<span className="muted">{t('accounts_alreadyAdded', { name: account.name })}</span></div>
                    ) : (
                      <button type="button" className="account-row" aria-label={t('accounts_pick', { address: a.address })} aria-pressed={Boolean(choice)} onClick={() => toggle(a)}>{content}</button>
                    )}
                    {choice && <input aria-label={t('accounts_nameOf', { address: a.address })} placeholder={t('accounts_nameOptional')} value={choice.name ?? ''} maxLength={40} onChange={(e) => rename(a.address, e.target.value)} />}
                  </li>
                );
              })}
            </ul>
          )}
          <div className="row">
            <button type="button" className="secondary" disabled={busy || page === 0} onClick={() => void load(eth, kind, page - 1)}>{t('accounts_previous')}</button>
            <button type="button" className="secondary" disabled={busy} onClick={() => void load(eth, kind, page + 1)}>{t('accounts_next')}</button>
          </div>
          <label>
            {t('accounts_password')}
            <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} />
          </label>
          {addError && <p className="error" role="alert">{addError}</p>}
          <button type="submit" disabled={adding || picked.size === 0 || password === ''}>
            {tCount({ one: 'accounts_addCount_one', other: 'accounts_addCount_other' }, picked.size)}
          </button>
        </form>
      )}
    </main>
  );
}
