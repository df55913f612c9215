/**
 * Allowances the account already gave the paymaster that may take this batch's fee: it can take those tokens, though
 * the fee reads as sponsored or capped. One that could not be read is said too, never taken as none.
 */
import type { PaymasterAllowance } from '../../shared/approvals/batch';
import { Notice } from '../components/Notice';
import { t } from '../i18n/t';

export function PaymasterAllowances({ allowances }: { allowances?: PaymasterAllowance[] }) {
  if (!allowances || allowances.length === 0) return null;
  const lines = allowances.map(({ paymaster, token, symbol, amount }) =>
    t(amount === null ? 'review_paymasterAllowanceUnread' : 'review_paymasterAllowance', { paymaster, symbol, token }));
  return <Notice tone="warn" label={t('review_paymasterAllowances')}>{lines.join(' ')}</Notice>;
}
