import { getAddress } from 'ethers';
import { shortAddress } from '../format/amounts';
import { CopyButton } from './CopyButton';
import { DeviceBadge } from './DeviceBadge';
import { Identicon } from './Identicon';

/** The selected account: picture, name and short checksummed address, a button to the account list, and copy. */
export function AccountChip({ name, address, ledger, onOpen }: { name: string; address: string; ledger?: boolean; onOpen(): void }) {
  const checksummed = getAddress(address);
  return (
    <div className="account-chip" aria-label="Selected account" role="group">
      <Identicon address={checksummed} />
      <span className="account-chip-text" title={checksummed}>
        <strong aria-label="Account name">{name}</strong>{ledger && <> <DeviceBadge /></>}
        <span className="muted mono" aria-label="Short address">{shortAddress(checksummed)}</span>
      </span>
      <button type="button" className="icon" aria-label="Switch account" title="Switch account" onClick={onOpen}>⌄</button>
      <CopyButton value={checksummed} label="Copy address" />
    </div>
  );
}
