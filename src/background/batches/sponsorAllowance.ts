/**
 * A sponsored batch's calls that let the paymaster paying its fee take the account's tokens. The screen says the site's
 * paymaster pays the fee; a token paymaster (an ERC-20 paymaster behind the site's paymasterService) charges it in the
 * tokens it may take, so such an allowance is named on its call and asks the second yes.
 */
import type { Danger } from '../../shared/dangers';
import type { DecodedCall } from '../../shared/decodedCall';
import type { Hex } from '../../shared/params';

const paymasterSpends = (paymaster: Hex): Danger => ({
  kind: 'paymasterSpends',
  tone: 'danger',
  confirm: true,
  message: `This call lets ${paymaster}, the paymaster paying this batch's network fee, spend your tokens: a paymaster allowed to take them can charge the fee in them, though the fee reads as paid for you.`,
  words: { key: 'dangers_paymasterSpends', values: { paymaster } },
});

/** Whether `call` lets `paymaster` take tokens: an allowance above zero, or an approval for all (a revoke grants nothing). */
function allows({ action }: DecodedCall, paymaster: Hex): boolean {
  const same = (address: string) => address.toLowerCase() === paymaster.toLowerCase();
  if (action?.kind === 'approve') return same(action.spender) && action.amount !== '0';
  return action?.kind === 'approveAll' && action.approved && same(action.operator);
}

/** The calls as shown, each one letting the sponsoring paymaster take tokens with that danger among its words' dangers. */
export const withPaymasterAllowances = (calls: DecodedCall[], paymaster: Hex): DecodedCall[] =>
  calls.map((call) => (call.review && allows(call, paymaster) ? { ...call, review: { ...call.review, dangers: [...call.review.dangers, paymasterSpends(paymaster)] } } : call));
