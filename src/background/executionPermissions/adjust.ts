/**
 * The user's changes to a grant on its screen, where the site allowed them (`isAdjustmentAllowed`): a lower amount
 * (a period's, the allowance, or a stream's cap) and an earlier end. Never more: a change that would widen the grant,
 * or any change to a grant the site did not allow to change, is refused.
 */
import type { GrantAdjustment } from '../../shared/grants';
import { invalidParams } from '../../shared/errors';

import type { Hex } from '../../shared/params';
import { adjustableAmount, amountField } from '../../shared/grantWords';
import type { Permission, Rule } from '../../shared/schemas/executionPermissions';

/** The screen's answer: one adjustment per grant, in the screen's order; none (null) when nothing changed. */
export function parseAdjustments(raw: unknown): GrantAdjustment[] | null {
  if (raw === null || raw === undefined) return null;
  if (!Array.isArray(raw)) throw invalidParams('The answer must list one adjustment for each grant');
  return raw.map((item, i) => {
    const { amount, expiry } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (amount !== undefined && (typeof amount !== 'string' || !/^0x[0-9a-f]+$/i.test(amount))) throw invalidParams(`adjustment[${i}].amount must be a hex amount`);
    if (expiry !== undefined && (typeof expiry !== 'number' || !Number.isSafeInteger(expiry))) throw invalidParams(`adjustment[${i}].expiry must be whole seconds`);
    return { ...(amount === undefined ? {} : { amount: amount as Hex }), ...(expiry === undefined ? {} : { expiry }) };
  });
}

/** `grant` with `adjustment` applied; -32602 when it would widen the grant or the site allowed no change. `now`: seconds. */
export function adjusted<G extends { permission: Permission; rules: Rule[] }>(grant: G, adjustment: GrantAdjustment, now: number): G {
  if (adjustment.amount === undefined && adjustment.expiry === undefined) return grant;
  if (!grant.permission.isAdjustmentAllowed) throw invalidParams('The site did not allow this permission to be changed');
  let { permission, rules } = grant;
  if (adjustment.amount !== undefined) {
    const field = amountField(permission);
    const current = adjustableAmount(permission);
    const next = BigInt(adjustment.amount);
    if (next <= 0n || next > current) throw invalidParams(`The amount may only be lowered, and stay above zero`);
    if (field === 'maxAmount' && 'initialAmount' in permission.data && next <= BigInt(permission.data.initialAmount)) throw invalidParams('The stream\'s cap must stay above its amount at once');
    permission = { ...permission, data: { ...permission.data, [field]: `0x${next.toString(16)}` } } as Permission;
  }
  if (adjustment.expiry !== undefined) {
    const [current] = rules.flatMap((rule) => (rule.type === 'expiry' ? [rule.data.timestamp] : []));
    if (adjustment.expiry <= now || (current !== undefined && adjustment.expiry > current)) throw invalidParams('The end may only come sooner, and still be to come');
    rules = [...rules.filter((rule) => rule.type !== 'expiry'), { type: 'expiry', data: { timestamp: adjustment.expiry } }];
  }
  return { ...grant, permission, rules };
}
