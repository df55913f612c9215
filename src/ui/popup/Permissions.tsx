/**
 * Permissions: every execution permission granted to a site's session account (ERC-7715), in words, with what the
 * chain says was spent (this period, or in all for a stream) and when it ends; each revocable, as a reviewed
 * transaction, and all of an account's on a chain at once (Revoke all: the account raises its nonce, which every grant
 * it signed carries).
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

/** One Revoke all per account and chain while one of its grants is in force. */
function RevokeAll({ grants }: { grants: GrantView[] }) {
  const inForce = grants.filter((grant) => !grant.revoked);
  const groups = inForce.filter((grant, i) => inForce.findIndex((g) => g.from === grant.from && g.chainId === grant.chainId) === i);
  return groups.map(({ from, chainId, networkName }) => (
    <div className="row lead" key={`${from} ${chainId}`}>
      <span className="muted">Every permission of <AddressText address={from} /> on {cleanText(networkName)}</span>
      <button type="button" className="secondary small" aria-label={`Revoke all permissions of ${from} on ${cleanText(networkName)}`} onClick={() => void call('revokeAllGrants', { account: from, chainId })}>Revoke all</button>
    </div>
  ));
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
  return (
    <>
      <RevokeAll grants={grants} />
      <ul className="tokens">{[...grants].reverse().map((grant) => <Grant key={grant.id} grant={grant} />)}</ul>
    </>
  );
}
