/** Beside an account that signs on a Ledger: the wallet holds no key for it. */
export function DeviceBadge() {
  return <span className="device-badge" aria-label="Ledger account" title="Signs on your Ledger">Ledger</span>;
}
