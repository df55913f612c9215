/** Recipients that start and end like an address the user knows but are another one (address poisoning). */
import { getAddress } from 'ethers';
import type { AddressLookAlike } from '../../shared/approvals/transaction';
import { Notice } from '../components/Notice';
import { t } from '../i18n/t';

const checksummed = (address: string): string => {
  try {
    return getAddress(address);
  } catch {
    return address;
  }
};

export function LookAlikeRecipients({ lookAlikes }: { lookAlikes?: AddressLookAlike[] }) {
  if (!lookAlikes || lookAlikes.length === 0) return null;
  const warnings = lookAlikes.map(({ recipient, resembles }) =>
    t('preview_lookAlikeRecipient', { recipient: checksummed(recipient), resembles: checksummed(resembles) }));
  return <Notice tone="danger" label={t('preview_lookAlikeAddress')}>{warnings.join(' ')}</Notice>;
}
