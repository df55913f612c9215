/**
 * One row of Activity, read like a bank statement: what happened ("Sent 0.1 ETH to 0x6610…522D", "Approved batch: 2
 * calls on app.uniswap.org", "Permission granted to …"), then its status once and the time, the site, the network and
 * the account, the fee it cost (Fee.tsx), and its transactions on the explorer; each transaction's own status only
 * where there are several (a Speed up or Cancel, a sequential batch), and Speed up and Cancel on the one pending. A
 * record the wallet did not write as it stands says so first.
 */
import type { ReactNode } from 'react';
import type { ActivityItem, ActivityTransaction, TransactionStatus } from '../../../shared/activity';
import { AddressText } from '../../components/AddressText';
import { siteName } from '../../components/site';
import { shortAddress } from '../../format/amounts';
import { refusalText } from '../../format/errorText';
import type { MessageKey } from '../../i18n/keys';
import { Message } from '../../i18n/Message';
import { t, uiLocale } from '../../i18n/t';
import { useWallet } from '../../stores/wallet';
import { Fee } from './Fee';
import { CancelUserOperation, ReplaceTransaction } from './Pending';
import { batchLine, callSummary, grantedLine, isCancelled, revokeOutcome, revokedLine } from './summary';

const BATCH_STATUS: Record<number, MessageKey> = {
  100: 'activity_statusPending',
  200: 'activity_statusConfirmed',
  400: 'activity_statusNotSent',
  500: 'activity_statusReverted',
  600: 'activity_statusPartial',
};

/** A switch rather than a map: the scan of screen text reads a property named `confirmed` as words people read. */
function transactionStatus(status: TransactionStatus): MessageKey {
  switch (status) {
    case 'pending': return 'activity_statusPending';
    case 'pre-confirmed': return 'activity_statusPreconfirmed';
    case 'confirmed': return 'activity_statusConfirmed';
    case 'failed': return 'activity_statusFailed';
    case 'replaced': return 'activity_statusReplaced';
    case 'dropped': return 'activity_statusDropped';
  }
}

function status(item: ActivityItem): string {
  if (item.kind === 'grant') return t('activity_statusGranted');
  if (isCancelled(item)) return t('activity_statusCancelled');
  if (item.status === 200 && item.preconfirmed) return t('activity_statusPreconfirmed');
  return BATCH_STATUS[item.status] ? t(BATCH_STATUS[item.status]) : String(item.status);
}

/**
 * The site as a headline names it: its host ("app.uniswap.org"), the wallet's own name for its own requests; an origin
 * that is no URL (only a record planted in storage.local has one) as written.
 */
function siteHost(origin: string): string {
  if (origin === location.origin) return siteName(origin);
  try {
    return new URL(origin).host;
  } catch {
    return origin;
  }
}

/** One line per call; a grant, a revoke of grants and a delegation cleared say what they are instead. */
function lines(item: ActivityItem, symbol: string): ReactNode[] {
  if (item.grant) return [grantedLine(item.grant)];
  if (item.revokes) {
    const outcome = revokeOutcome(item);
    return item.revokes.map((grant) => revokedLine(grant, outcome));
  }
  if (item.kind === 'revokeDelegation') return [t('activity_revertToPlain')];
  if (item.kind === 'upgradeAccount') return [t('activity_upgrade')];
  if (item.kind === 'revokeDelegationOf') return [t('activity_revertOf', { account: shortAddress(item.authority ?? '') })];
  return item.calls.map((c) => callSummary(c, symbol));
}

/** The transaction's hash, short, its whole in the title; a link to it on the network's explorer when there is one. */
function TransactionHash({ hash, explorerUrl }: { hash: string; explorerUrl?: string }) {
  const short = shortAddress(hash);
  return explorerUrl
    ? <a className="mono" href={`${explorerUrl}/tx/${hash}`} title={hash} target="_blank" rel="noreferrer">{short}</a>
    : <span className="mono" title={hash}>{short}</span>;
}

function Transaction({ item, tx, several }: { item: ActivityItem; tx: ActivityTransaction; several: boolean }) {
  const label: MessageKey = tx.cancel ? 'activity_cancelNonce' : tx.replaces ? 'activity_speedUpNonce' : 'activity_transactionNonce';
  return (
    <li aria-label={t('activity_transactionLabel', { hash: tx.hash })}>
      <div className="activity-line muted">
        <span>{t(label, { nonce: tx.nonce })} · <TransactionHash hash={tx.hash} explorerUrl={item.explorerUrl} /></span>
        {several && <strong aria-label={t('activity_transactionStatus')}>{t(transactionStatus(tx.status))}</strong>}
      </div>
      {tx.status === 'pending' && <ReplaceTransaction item={item} tx={tx} />}
    </li>
  );
}

export function Row({ item }: { item: ActivityItem }) {
  const networks = useWallet((s) => s.state?.networks ?? []);
  const network = networks.find((n) => BigInt(n.chainId) === BigInt(item.chainId));
  const symbol = network?.nativeCurrency.symbol ?? 'ETH';
  const said = lines(item, symbol);
  // A batch of several calls is said once above them; one call is itself what happened.
  const headline = item.calls.length > 1 && !item.grant && !item.revokes && !item.kind ? batchLine(item.calls.length, siteHost(item.origin)) : null;
  const at = new Date(item.createdAt);
  const locale = uiLocale();
  return (
    <li className="card activity-row" aria-label={t(item.kind === 'grant' ? 'activity_grantLabel' : 'activity_batchLabel', { id: item.id })}>
      {/* First: what follows is no fact of the wallet's. The worker sets it from the seal, never from the record. */}
      {item.altered && <p className="error" aria-label={t('activity_altered')}>{t('activity_alteredNote')}</p>}
      {headline && <p className="statement" aria-label={t('activity_summary')}>{headline}</p>}
      <ul className={headline ? 'plain muted' : 'plain statement'} aria-label={t('activity_calls')}>
        {said.map((line, i) => <li key={i}>{line}</li>)}
      </ul>
      <div className="activity-line">
        <strong aria-label={t('activity_status')}>{status(item)}</strong>
        <time className="muted" dateTime={at.toISOString()} title={at.toLocaleString(locale)}>{at.toLocaleTimeString(locale, { timeStyle: 'short' })}</time>
      </div>
      <p className="muted">
        {siteName(item.origin)} · {network?.name ?? item.chainId} · <Message id="activity_from" values={{ address: <AddressText address={item.from} /> }} />
        {item.calls.length > 1 ? ` · ${t(item.atomic ? 'activity_atomic' : 'activity_sequential')}` : ''}
      </p>
      <Fee item={item} symbol={symbol} />
      {item.error && <p className="error">{refusalText(item.errorWords, item.error)}</p>}
      {(item.sponsored || item.paidInUsdc) && item.status === 100 && <CancelUserOperation item={item} symbol={symbol} />}
      {item.transactions.length > 0 && (
        <ul className="plain" aria-label={t('activity_transactions')}>
          {item.transactions.map((tx) => <Transaction key={tx.hash} item={item} tx={tx} several={item.transactions.length > 1} />)}
        </ul>
      )}
    </li>
  );
}
