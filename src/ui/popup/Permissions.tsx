/**
 * Permissions: every execution permission granted to a site's session account (ERC-7715), in words, with what the
 * chain says was spent (this period, or in all for a stream) and when it ends; each revocable, as a reviewed
 * transaction, and all of an account's on a chain at once (Revoke all: the account raises its nonce, which every grant
 * it signed carries).
 */
import type { GrantView } from '../../shared/grants';
import { useEffect } from 'react';
import { cleanText, originText } from '../../shared/displayText';
import { grantWords } from '../../shared/grantWords';
import { call } from '../api/background';
import { onStorageChanged } from '../api/runtime';
import { AddressText } from '../components/AddressText';
import { Notice } from '../components/Notice';
import { usePolled } from '../components/usePolled';
import { useSubmit } from '../components/useSubmit';
import { refusalText } from '../format/errorText';
import { grantPhrases } from '../format/grantPhrases';
import { Message } from '../i18n/Message';
import { t } from '../i18n/t';

function spentWords(grant: GrantView): string | undefined {
  if (grant.spent === undefined) return undefined;
  const amount = grantPhrases().amount(BigInt(grant.spent), { ...grant.token, symbol: cleanText(grant.token.symbol) });
  return t('periodAmount' in grant.permission.data ? 'home_spentThisPeriod' : 'home_spentSoFar', { amount });
}

/**
 * Only the wallet's own record hides Revoke: it sent the revoke, and the chain has it. A node's word alone is a claim
 * (a node that lies, or one of another wallet's revokes): shown as the network's, with Revoke still offered.
 */
const revokeDone = (grant: GrantView): boolean => grant.revokeSent && grant.revoked;

function Grant({ grant }: { grant: GrantView }) {
  const words = grantWords(grant.permission, grant.rules, { ...grant.token, symbol: cleanText(grant.token.symbol) }, Math.floor(Date.now() / 1000), { phrases: grantPhrases() });
  const spent = spentWords(grant);
  const revoke = useSubmit(() => call('revokeGrant', { id: grant.id }));
  return (
    <li className="card" aria-label={t('home_permissionFor', { to: grant.to })}>
      <div><strong>{originText(grant.origin)}</strong> · {cleanText(grant.networkName)}</div>
      <div aria-label={t('home_permissionInWords')}>{words.amount}{words.start ? `, ${words.start}` : ''}, {words.end}.</div>
      <div className="muted"><Message id="home_spentByFrom" values={{ to: <AddressText address={grant.to} />, from: <AddressText address={grant.from} /> }} /></div>
      {spent && <div aria-label={t('home_spent')}>{spent}</div>}
      {!grant.revoked && grant.revokeSent && <div className="muted" aria-label={t('home_revokeSent')}>{t('home_revokeSentNotYet')}</div>}
      {grant.revoked && !grant.revokeSent && <div className="muted" aria-label={t('home_networkSays')}>{t('home_networkSaysRevoked')}</div>}
      {revokeDone(grant)
        ? <div className="muted" aria-label={t('home_revoked')}>{t('home_revoked')}</div>
        : <button type="button" className="secondary small" aria-label={t('home_revokePermissionFor', { to: grant.to })} disabled={revoke.busy} onClick={revoke.submit}>{t('home_revoke')}</button>}
      {revoke.error && <Notice tone="warn">{revoke.error}</Notice>}
    </li>
  );
}

/**
 * Revoke all of an account on a chain; why it was not asked (another network selected, one waiting already) is said,
 * and why the wallet refused the account's last revoke on Approve (the popup had closed as the approval window opened).
 */
function RevokeAllOf({ from, chainId, networkName, revokeRefused }: GrantView) {
  const revoke = useSubmit(() => call('revokeAllGrants', { account: from, chainId }));
  return (
    <>
      <div className="row lead">
        <span className="muted"><Message id="home_everyPermissionOf" values={{ account: <AddressText address={from} />, network: cleanText(networkName) }} /></span>
        <button type="button" className="secondary small" aria-label={t('home_revokeAllOf', { account: from, network: cleanText(networkName) })} disabled={revoke.busy} onClick={revoke.submit}>{t('home_revokeAll')}</button>
      </div>
      {revoke.error && <Notice tone="warn">{revoke.error}</Notice>}
      {revokeRefused && <Notice tone="warn" label={t('home_notRevoked')}>{t('home_notRevokedWhy', { why: refusalText(revokeRefused.data?.words, revokeRefused.message) })}</Notice>}
    </>
  );
}

/** One Revoke all per account and chain while one of its grants is not revoked by the wallet's own record. */
function RevokeAll({ grants }: { grants: GrantView[] }) {
  const inForce = grants.filter((grant) => !revokeDone(grant));
  const groups = inForce.filter((grant, i) => inForce.findIndex((g) => g.from === grant.from && g.chainId === grant.chainId) === i);
  return groups.map((grant) => <RevokeAllOf key={`${grant.from} ${grant.chainId}`} {...grant} />);
}

export function Permissions() {
  const { value: grants, error, reload } = usePolled(() => call('getGrants'), []);
  useEffect(() => {
    return onStorageChanged(reload);
  }, [reload]);
  if (error) return <Notice tone="warn">{error}</Notice>;
  if (!grants) return <p className="muted">{t('home_readingPermissions')}</p>;
  if (grants.length === 0) return <p className="muted">{t('home_noPermissions')}</p>;
  return (
    <>
      <RevokeAll grants={grants} />
      <ul className="tokens">{[...grants].reverse().map((grant) => <Grant key={grant.id} grant={grant} />)}</ul>
    </>
  );
}
