/**
 * A sponsored batch's calls that let the paymaster paying its fee take the account's tokens. The screen says the site's
 * paymaster pays the fee; a token paymaster (an ERC-20 paymaster behind the site's paymasterService) charges it in the
 * tokens it may take, so such an allowance is named on its call and asks the second yes.
 */
import { PERMIT2 } from '../../shared/contracts';
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

/** approve, increaseAllowance and setApprovalForAll name the spender first; Permit2's approve second, after the token. */
const ALLOWANCES = ['0x095ea7b3', '0x39509351', '0xa22cb465'];
const PERMIT2_APPROVE = '0x87517c45';

/**
 * An allowance the wallet could not decode: its address word not in canonical form (dirty high bytes), which a token
 * built with Solidity's first ABI decoder (USDT, DAI, WETH) reads all the same, dropping them.
 */
function rawAllows({ to, data, selector }: DecodedCall, paymaster: Hex): boolean {
  const lower = selector?.toLowerCase() ?? '';
  const word = lower === PERMIT2_APPROVE && to?.toLowerCase() === PERMIT2.toLowerCase() ? 1 : ALLOWANCES.includes(lower) ? 0 : -1;
  // The word after the spender says how much, or whether: zero grants nothing.
  if (word < 0 || !data) return false;
  const at = (i: number) => data.slice(10 + i * 64, 74 + i * 64).toLowerCase();
  return at(word).slice(24) === paymaster.slice(2).toLowerCase() && /[1-9a-f]/.test(at(word + 1));
}

/** Whether `call` lets `paymaster` take tokens: an allowance above zero, or an approval for all (a revoke grants nothing). */
function allows(call: DecodedCall, paymaster: Hex): boolean {
  const { action } = call;
  const same = (address: string) => address.toLowerCase() === paymaster.toLowerCase();
  if (!action) return rawAllows(call, paymaster);
  if (action.kind === 'approve') return same(action.spender) && action.amount !== '0';
  return action.kind === 'approveAll' && action.approved && same(action.operator);
}

/** The calls as shown, each one letting the sponsoring paymaster take tokens with that danger among its dangers. */
export function withPaymasterAllowances(calls: DecodedCall[], paymaster: Hex): DecodedCall[] {
  return calls.map((call) => {
    if (!allows(call, paymaster)) return call;
    // In no descriptor's words (not decoded, or none binds): among the call's own dangers.
    return call.review
      ? { ...call, review: { ...call.review, dangers: [...call.review.dangers, paymasterSpends(paymaster)] } }
      : { ...call, dangers: [...(call.dangers ?? []), paymasterSpends(paymaster)] };
  });
}
