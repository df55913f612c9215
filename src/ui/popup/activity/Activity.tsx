/**
 * Everything the wallet sent, from any site or from the popup, and every execution permission granted, newest first:
 * the batch's status, the site, what each call does (what a revoke revoked), and each transaction's own status with an
 * explorer link. A pending transaction can be sped up or
 * cancelled (a new transaction at its nonce, reviewed in the approval window); the original then reads "replaced". A
 * pending sponsored batch, or one whose fee is paid in USDC, can be cancelled by a transaction that uses its userOp's
 * EntryPoint nonce; the fee a USDC paymaster took shows once it landed.
 */
import browser from 'webextension-polyfill';
import { useEffect, useState } from 'react';
import type { ActivityItem, ActivityTransaction, TransactionStatus } from '../../../shared/activity';
import { call } from '../../api/background';
import { relativeTime, shortAddress } from '../../format/amounts';
import { useWallet } from '../../stores/wallet';
import { callSummary, grantedLine, revokedLine } from './summary';

const BATCH_STATUS: Record<number, string> = {
  100: 'Pending',
  200: 'Confirmed',
  400: 'Failed (not sent)',
  500: 'Reverted',
  600: 'Partially executed',
};

const TX_STATUS: Record<TransactionStatus, string> = {
  pending: 'Pending',
  'pre-confirmed': 'Pre-confirmed',
  confirmed: 'Confirmed',
  failed: 'Failed',
  replaced: 'Replaced',
  dropped: 'Dropped',
};

function useActivity(): ActivityItem[] | null {
  const [items, setItems] = useState<ActivityItem[] | null>(null);
  useEffect(() => {
    const load = () => void call('getActivity').then(setItems);
    load();
    browser.storage.onChanged.addListener(load);
    return () => browser.storage.onChanged.removeListener(load);
  }, []);
  return items;
}

function Transaction({ item, tx, explorerUrl }: { item: ActivityItem; tx: ActivityTransaction; explorerUrl?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Resolves once the review is queued in the approval window; nothing is signed before the user approves there.
  const replace = (mode: 'speedUp' | 'cancel') => {
    setBusy(true);
    setError(null);
    void call('replaceTransaction', { origin: item.origin, id: item.id, hash: tx.hash, mode }).then(
      () => setBusy(false),
      (e: Error) => (setError(e.message), setBusy(false)),
    );
  };
  const label = tx.cancel ? 'Cancel' : tx.replaces ? 'Speed-up' : 'Transaction';
  return (
    <li aria-label={`Transaction ${tx.hash}`}>
      <div className="row">
        <span className="mono">
          {label} #{tx.nonce} · {explorerUrl ? <a href={`${explorerUrl}/tx/${tx.hash}`} target="_blank" rel="noreferrer">{shortAddress(tx.hash)}</a> : shortAddress(tx.hash)}
        </span>
        <strong aria-label="Transaction status">{TX_STATUS[tx.status]}</strong>
      </div>
      {tx.status === 'pending' && (
        <div className="row">
          <button type="button" className="secondary small" disabled={busy} onClick={() => replace('speedUp')}>Speed up</button>
          {!tx.cancel && <button type="button" className="secondary small" disabled={busy} onClick={() => replace('cancel')}>Cancel</button>}
        </div>
      )}
      {error && <p className="error" role="alert">{error}</p>}
    </li>
  );
}

/**
 * A pending sponsored batch, or one paying its fee in USDC: one userOp, which can run for as long as its EntryPoint
 * nonce is unused, whatever the bundler says. Cancel asks for the review of the account's transaction that uses that
 * nonce. A fee in USDC is not sped up: a replacement would need a new permit within a new approved cap (issue 45).
 */
function CancelUserOperation({ item, symbol }: { item: ActivityItem; symbol: string }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cancel = () => {
    setBusy(true);
    setError(null);
    void call('cancelUserOperation', { origin: item.origin, id: item.id }).then(
      () => setBusy(false),
      (e: Error) => (setError(e.message), setBusy(false)),
    );
  };
  return (
    <>
      <p className="muted" aria-label="Replacement">
        {item.paidInUsdc
          ? `A fee paid in USDC cannot be sped up; Cancel uses its nonce with a transaction of this account, its fee paid in ${symbol}.`
          : 'Sponsored: one user operation, which can run until its EntryPoint nonce is used. Cancel uses it with a transaction of this account (it pays the gas).'}
      </p>
      <div className="row"><button type="button" className="secondary small" disabled={busy} onClick={cancel}>Cancel</button></div>
      {error && <p className="error" role="alert">{error}</p>}
    </>
  );
}

/** One line per call; a grant, a revoke of grants and a delegation cleared say what they are instead. */
function lines(item: ActivityItem, symbol: string): string[] {
  if (item.grant) return [grantedLine(item.grant)];
  if (item.revokes) return item.revokes.map(revokedLine);
  if (item.kind === 'revokeDelegation') return ['Revert to a plain account'];
  if (item.kind === 'upgradeAccount') return ['Upgrade to the Delegation Framework’s smart account (DeleGator)'];
  if (item.kind === 'revokeDelegationOf') return [`Revert ${shortAddress(item.authority ?? '')} to a plain account (gas paid by this account)`];
  return item.calls.map((c) => callSummary(c, symbol));
}

function Batch({ item, now }: { item: ActivityItem; now: number }) {
  const networks = useWallet((s) => s.state?.networks ?? []);
  const network = networks.find((n) => BigInt(n.chainId) === BigInt(item.chainId));
  const symbol = network?.nativeCurrency.symbol ?? 'ETH';
  const site = item.origin === location.origin ? 'Batch Wallet' : item.origin;
  const cancelled = item.transactions.some((t) => t.cancel && (t.status === 'pre-confirmed' || t.status === 'confirmed'));
  return (
    <li className="card" aria-label={`${item.kind === 'grant' ? 'Grant' : 'Batch'} ${item.id}`}>
      <div className="row">
        <strong aria-label="Status">{item.kind === 'grant' ? 'Granted' : cancelled ? 'Cancelled' : item.status === 200 && item.preconfirmed ? 'Pre-confirmed' : (BATCH_STATUS[item.status] ?? item.status)}</strong>
        <span className="muted">{relativeTime(item.createdAt, now)}</span>
      </div>
      <div className="muted">{site} · {network?.name ?? item.chainId} · from {shortAddress(item.from)}{item.calls.length > 1 ? ` · ${item.atomic ? 'atomic' : 'sequential'}` : ''}</div>
      <ul className="plain" aria-label="Calls">
        {lines(item, symbol).map((line, i) => <li key={i}>{line}</li>)}
      </ul>
      {item.usdcFee && <p aria-label="Network fee">{item.usdcFee.line}</p>}
      {item.error && <p className="error">{item.error}</p>}
      {(item.sponsored || item.paidInUsdc) && item.status === 100 && <CancelUserOperation item={item} symbol={symbol} />}
      <ul className="plain" aria-label="Transactions">
        {item.transactions.map((t) => <Transaction key={t.hash} item={item} tx={t} explorerUrl={item.explorerUrl} />)}
      </ul>
    </li>
  );
}

/** The whole list, or only the batch `focus` names (wallet_showCallsStatus). */
export function Activity({ focus }: { focus?: { origin: string; id: string } }) {
  const items = useActivity();
  const now = Date.now();
  if (!items) return <p aria-busy="true">Loading activity…</p>;
  const shown = focus ? items.filter((i) => i.origin === focus.origin && i.id === focus.id) : items;
  return (
    <section aria-label="Activity">
      {focus && <h2>Activity</h2>}
      {shown.length === 0 && <p className="muted">No activity yet.</p>}
      <ul className="plain">{shown.map((item) => <Batch key={item.key} item={item} now={now} />)}</ul>
    </section>
  );
}
