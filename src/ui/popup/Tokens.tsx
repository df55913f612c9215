/** The selected account's watched tokens on the selected chain, with balances from the pre-confirmed view. */
import browser from 'webextension-polyfill';
import { formatUnits } from 'ethers';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { Hex } from '../../shared/params';
import type { TokenBalance } from '../../shared/tokens';
import { call } from '../api/background';
import { cleanText } from '../../shared/displayText';
import { Notice } from '../components/Notice';
import { TokenImage } from '../components/TokenImage';

const TOKENS_REFRESH_MS = 2000;

/** Loads now, every 2 s and on every storage change (a token added or removed, a batch's status); only the newest reply counts. */
function useTokens(account: Hex, chainId: Hex): { tokens: TokenBalance[] | null; error: string | null; reload(): void } {
  const [tokens, setTokens] = useState<TokenBalance[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(0);
  const reload = useCallback(() => {
    const seq = ++latest.current;
    void call('getTokens', { account, chainId }).then(
      (list) => seq === latest.current && (setTokens(list), setError(null)),
      (e: Error) => seq === latest.current && setError(e.message),
    );
  }, [account, chainId]);
  useEffect(() => {
    setTokens(null);
    reload();
    const timer = setInterval(reload, TOKENS_REFRESH_MS);
    browser.storage.onChanged.addListener(reload);
    return () => {
      latest.current++;
      clearInterval(timer);
      browser.storage.onChanged.removeListener(reload);
    };
  }, [reload]);
  return { tokens, error, reload };
}

function TokenRow({ token, onRemove }: { token: TokenBalance; onRemove(): void }) {
  return (
    <li className="row card" aria-label={`Token ${token.symbol}`}>
      <TokenImage image={token.image} symbol={token.symbol} />
      <div>
        <strong>{cleanText(token.symbol)}</strong>
        {token.name !== undefined && <div className="muted">{cleanText(token.name)}</div>}
      </div>
      <span className="mono" aria-label={`${token.symbol} balance`}>
        {token.balance === null ? 'unavailable' : `${formatUnits(token.balance, token.decimals)} ${cleanText(token.symbol)}`}
      </span>
      <button className="secondary" aria-label={`Remove ${token.symbol}`} onClick={onRemove}>Remove</button>
      {token.imitates && (
        <Notice tone="danger" label={`${token.symbol} look-alike warning`}>
          Not the real {token.imitates.symbol}: that is {token.imitates.address}. This contract only uses its symbol.
        </Notice>
      )}
    </li>
  );
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
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card" aria-label="Add token" onSubmit={submit}>
      <label>
        Token contract
        <input className="mono" value={address} onChange={(e) => setAddress(e.target.value)} placeholder="0x…" spellCheck={false} />
      </label>
      {error && <p className="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy || address.trim() === ''}>Add token</button>
    </form>
  );
}

export function Tokens({ account, chainId }: { account: Hex; chainId: Hex }) {
  const { tokens, error, reload } = useTokens(account, chainId);
  const remove = (token: TokenBalance) => void call('removeToken', { account, chainId, address: token.address }).then(reload);
  return (
    <section aria-label="Tokens">
      {error && <p className="error">Tokens unavailable: {error}</p>}
      {tokens === null && !error && <p aria-busy="true">Loading tokens…</p>}
      {tokens?.length === 0 && <p className="muted">No tokens yet. Add one by its contract address.</p>}
      <ul className="tokens">
        {tokens?.map((token) => <TokenRow key={token.address} token={token} onRemove={() => remove(token)} />)}
      </ul>
      <AddToken account={account} chainId={chainId} onAdded={reload} />
    </section>
  );
}
