/**
 * Permissions: every execution permission granted to a site's session account (ERC-7715), in words, with what the
 * chain says was spent (this period, or in all for a stream) and when it ends; each revocable, as a reviewed
 * transaction.
 */
import type { GrantView } from '../../shared/grants';
import browser from 'webextension-polyfill';
import { useEffect } from 'react';
import { cleanText } from '../../shared/displayText';
import { grantWords, tokenAmount } from '../../shared/grantWords';
import { call } from '../api/background';
import { AddressText } from '../components/AddressText';
import { Notice } from '../components/Notice';
import { usePolled } from '../components/usePolled';

function spentWords(grant: GrantView): string | undefined {
  if (grant.spent === undefined) return undefined;
  const amount = tokenAmount(BigInt(grant.spent), { ...grant.token, symbol: cleanText(grant.token.symbol) });
  return `${amount} spent ${'periodAmount' in grant.permission.data ? 'this period' : 'so far'}`;
}

function Grant({ grant }: { grant: GrantView }) {
  const words = grantWords(grant.permission, grant.rules, { ...grant.token, symbol: cleanText(grant.token.symbol) }, Math.floor(Date.now() / 1000));
  const spent = spentWords(grant);
  return (
    <li className="card" aria-label={`Permission for ${grant.to}`}>
      <div><strong>{cleanText(grant.origin)}</strong> · {cleanText(grant.networkName)}</div>
      <div aria-label="Permission in words">{words.amount}{words.start ? `, ${words.start}` : ''}, {words.end}.</div>
      <div className="muted">Spent by <AddressText address={grant.to} /> from <AddressText address={grant.from} /></div>
      {spent && <div aria-label="Spent">{spent}</div>}
      {!grant.revoked && grant.revokeSent && <div className="muted" aria-label="Revoke sent">Revoke sent; the chain does not have it yet</div>}
      {grant.revoked
        ? <div className="muted" aria-label="Revoked">Revoked</div>
        : <button type="button" className="secondary small" aria-label={`Revoke permission for ${grant.to}`} onClick={() => void call('revokeGrant', { id: grant.id })}>Revoke</button>}
    </li>
  );
}

export function Permissions() {
  const { value: grants, error, reload } = usePolled(() => call('getGrants'), []);
  useEffect(() => {
    browser.storage.onChanged.addListener(reload);
    return () => browser.storage.onChanged.removeListener(reload);
  }, [reload]);
  if (error) return <Notice tone="warn">{error}</Notice>;
  if (!grants) return <p className="muted">Reading permissions…</p>;
  if (grants.length === 0) return <p className="muted">No site holds a permission to spend from your accounts.</p>;
  return <ul className="tokens">{[...grants].reverse().map((grant) => <Grant key={grant.id} grant={grant} />)}</ul>;
}
