/** The selected account's watched tokens on the selected chain, with readable balances from the pre-confirmed view (exact on hover). */
import { useEffect, useState, type FormEvent } from 'react';
import type { Hex } from '../../shared/params';
import type { AssetValues, TokenBalance } from '../../shared/tokens';
import { call } from '../api/background';
import { onStorageChanged } from '../api/runtime';
import { usePolled, type Polled } from '../components/usePolled';
import { errorText } from '../format/errorText';
import { t } from '../i18n/t';
import { useRoute } from '../stores/route';
import { TokenRow } from './TokenRow';

/** Loads now, every 2 s and on every storage change (a token added or removed, a batch's status). */
function useTokens(account: Hex, chainId: Hex): Polled<TokenBalance[]> {
  const polled = usePolled(() => call('getTokens', { account, chainId }), [account, chainId]);
  const { reload } = polled;
  useEffect(() => {
    return onStorageChanged(reload);
  }, [reload]);
  return polled;
}

function AddToken({ account, chainId, onAdded }: { account: Hex; chainId: Hex; onAdded(): void }) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await call('addToken', { account, chainId, address });
      setAddress('');
      setError(null);
      onAdded();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" aria-label={t('home_addToken')} onSubmit={submit}>
      <label>
        {t('home_tokenContract')}
        <input className="mono" value={address} onChange={(e) => setAddress(e.target.value)} placeholder="0x…" spellCheck={false} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy || address.trim() === ''}>{t('home_addToken')}</button>
    </form>
  );
}

export function Tokens({ account, chainId, values, explorerUrl }: { account: Hex; chainId: Hex; values: AssetValues | null; explorerUrl?: string }) {
  const { value: tokens, error, reload } = useTokens(account, chainId);
  const send = useRoute((route) => route.send);
  // Hiding takes the token off the watch list; adding it again by address brings it back.
  const hide = (token: TokenBalance) => void call('removeToken', { account, chainId, address: token.address }).then(reload);
  return (
    <section aria-label={t('home_tokens')}>
      {error && <p className="error">{t('home_tokensUnavailable', { error })}</p>}
      {tokens === null && !error && <p aria-busy="true">{t('home_loadingTokens')}</p>}
      {tokens?.length === 0 && <p className="muted">{t('home_noTokens')}</p>}
      <ul className="tokens">
        {tokens?.map((token) => (
          <TokenRow key={token.address} token={token} value={values?.tokens[token.address]} {...(explorerUrl ? { explorerUrl } : {})}
            onSend={() => send(token.address)} onHide={() => hide(token)} />
        ))}
      </ul>
      <AddToken account={account} chainId={chainId} onAdded={reload} />
    </section>
  );
}
