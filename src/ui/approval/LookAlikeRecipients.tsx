/** Recipients that start and end like an address the user knows but are another one (address poisoning). */
import { getAddress } from 'ethers';
import type { AddressLookAlike } from '../../shared/approvals/transaction';
import { Notice } from '../components/Notice';

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
    `The recipient ${checksummed(recipient)} looks like ${checksummed(resembles)}, an address you used before, but is not it: it may have been planted in your history (address poisoning). Compare every character before you approve.`);
  return <Notice tone="danger" label="Look-alike address">{warnings.join(' ')}</Notice>;
}
