/** Batches sent through the wallet, newest first, with their EIP-5792 status and transactions. */
import browser from 'webextension-polyfill';
import { formatEther } from 'ethers';
import { useEffect, useState } from 'react';
import type { ActivityItem } from '../../shared/pages';
import { call } from '../api/background';
import { shortAddress } from '../format/amounts';

const STATUS_TEXT: Record<number, string> = {
  100: 'Pending',
  200: 'Confirmed',
  400: 'Failed (not sent)',
  500: 'Reverted',
  600: 'Partially executed',
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

function Batch({ item }: { item: ActivityItem }) {
  return (
    <li className="card" aria-label={`Batch ${item.id}`}>
      <div className="row">
        <strong aria-label="Status">{STATUS_TEXT[item.status] ?? item.status}</strong>
        <span className="muted">{item.atomic ? 'atomic' : 'sequential'}</span>
      </div>
      <div className="muted">{item.origin === location.origin ? 'Batch Wallet' : item.origin} · from {shortAddress(item.from)}</div>
      <ol>
        {item.calls.map((c, i) => <li key={i} className="mono">{c.to ? shortAddress(c.to) : 'contract creation'} · {formatEther(c.value)} ETH</li>)}
      </ol>
      {item.error && <p className="error">{item.error}</p>}
      {item.transactions.map((t) => (
        <div key={t.hash} className="mono">
          {item.explorerUrl ? <a href={`${item.explorerUrl}/tx/${t.hash}`} target="_blank" rel="noreferrer">{t.hash}</a> : t.hash}
          {t.status && (BigInt(t.status) === 1n ? ' ✓' : ' ✗ reverted')}
        </div>
      ))}
    </li>
  );
}

/** The whole list, or only the batch `focus` names (wallet_showCallsStatus). */
export function Activity({ focus }: { focus?: { origin: string; id: string } }) {
  const items = useActivity();
  if (!items) return <p aria-busy="true">Loading activity…</p>;
  const shown = focus ? items.filter((i) => i.origin === focus.origin && i.id === focus.id) : items;
  return (
    <section aria-label="Activity">
      <h2>Activity</h2>
      {shown.length === 0 && <p className="muted">No activity yet.</p>}
      <ul>{shown.map((item) => <Batch key={item.key} item={item} />)}</ul>
    </section>
  );
}
