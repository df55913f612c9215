/**
 * Allowances the account already gave the paymaster that may take this batch's fee: it can take those tokens, though
 * the fee reads as sponsored or capped. One that could not be read is said too, never taken as none; so is one the
 * node says is 0 while the wallet's own records say the account gave it and never took it back.
 */
import type { PaymasterAllowance } from '../../shared/approvals/batch';
import { Notice } from '../components/Notice';
import { t } from '../i18n/t';

const key = ({ amount, recorded }: PaymasterAllowance) =>
  amount === null ? 'review_paymasterAllowanceUnread' : recorded ? 'review_paymasterAllowanceRecorded' : 'review_paymasterAllowance';

export function PaymasterAllowances({ allowances }: { allowances?: PaymasterAllowance[] }) {
  if (!allowances || allowances.length === 0) return null;
  const lines = allowances.map((allowance) => t(key(allowance), { paymaster: allowance.paymaster, symbol: allowance.symbol, token: allowance.token }));
  return <Notice tone="warn" label={t('review_paymasterAllowances')}>{lines.join(' ')}</Notice>;
}
