/** The Send form's recipient: a 20-byte hex address whose EIP-55 checksum, when it has one, is right. */
import { getAddress } from 'ethers';
import type { Hex } from '../../../shared/params';
import { t } from '../../i18n/t';

export type Checked = { ok: true; address: Hex } | { ok: false; error: string };

export function checkRecipient(text: string): Checked {
  const value = text.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(value)) return { ok: false, error: t('send_enterAddress') };
  const digits = value.slice(2);
  // All lower or all upper case carries no checksum; mixed case must be exactly the checksummed form.
  const hasChecksum = digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
  if (hasChecksum && getAddress(value.toLowerCase()) !== value) {
    return { ok: false, error: t('send_wrongChecksum') };
  }
  return { ok: true, address: getAddress(value.toLowerCase()) as Hex };
}
