import { getAddress } from 'ethers';
import { shortAddress } from '../format/amounts';
import { t } from '../i18n/t';
import { CopyButton } from './CopyButton';
import { DeviceBadge } from './DeviceBadge';
import { Identicon } from './Identicon';

/** The selected account: picture, name and short checksummed address, a button to the account list, and copy. */
export function AccountChip({ name, address, ledger, onOpen }: { name: string; address: string; ledger?: boolean; onOpen(): void }) {
  const checksummed = getAddress(address);
  return (
    <div className="account-chip" aria-label={t('components_selectedAccount')} role="group">
      <Identicon address={checksummed} />
      <span className="account-chip-text" title={checksummed}>
        <strong aria-label={t('components_accountName')}>{name}</strong>{ledger && <> <DeviceBadge /></>}
        <span className="muted mono" aria-label={t('components_shortAddress')}>{shortAddress(checksummed)}</span>
      </span>
      <button type="button" className="icon" aria-label={t('components_switchAccount')} title={t('components_switchAccount')} onClick={onOpen}>⌄</button>
      <CopyButton value={checksummed} label={t('components_copyAddress')} />
    </div>
  );
}
