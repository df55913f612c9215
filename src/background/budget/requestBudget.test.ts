import { describe, expect, it } from 'vitest';
import { errorOf } from '../../shared/schemas/errorOf';
import { MAX_SITES, requestBudget } from './requestBudget';

const A = 'https://a.example';
const B = 'https://b.example';

function setup(capacity = 3, perSecond = 2) {
  const clock = { now: 0 };
  return { clock, budget: requestBudget({ capacity, perSecond }, () => clock.now) };
}

describe('the request budget per origin', () => {
  it('lets a burst of `capacity` requests through, then answers -32005 until the bucket refills', () => {
    const { clock, budget } = setup();
    for (let n = 0; n < 3; n++) budget.charge(A);
    expect(errorOf(() => budget.charge(A))).toMatchObject({
      code: -32005,
      message: `Request limit exceeded: ${A} (its subdomains' requests count too) sent more than 3 requests at once or 2 a second (node reads, and any request of an origin that is not connected); try again shortly`,
    });
    clock.now += 499;
    expect(errorOf(() => budget.charge(A)).code).toBe(-32005);
    clock.now += 1;
    budget.charge(A);
    expect(errorOf(() => budget.charge(A)).code).toBe(-32005);
  });

  it('tryCharge, what subscriptions read with, takes from the same bucket and answers false when it is empty', () => {
    const { clock, budget } = setup();
    budget.charge(A);
    expect([budget.tryCharge(A), budget.tryCharge(A), budget.tryCharge(A)]).toEqual([true, true, false]);
    expect(errorOf(() => budget.charge(A)).code).toBe(-32005);
    clock.now += 500;
    expect(budget.tryCharge(A)).toBe(true);
  });

  it('refills up to `capacity`, never beyond', () => {
    const { clock, budget } = setup();
    budget.charge(A);
    clock.now += 60_000;
    for (let n = 0; n < 3; n++) budget.charge(A);
    expect(errorOf(() => budget.charge(A)).code).toBe(-32005);
  });

  it('keeps one bucket per origin: one site spending its budget leaves another\'s', () => {
    const { budget } = setup();
    for (let n = 0; n < 3; n++) budget.charge(A);
    expect(errorOf(() => budget.charge(A)).code).toBe(-32005);
    for (let n = 0; n < 3; n++) budget.charge(B);
  });

  it('remembers a bounded number of origins, forgetting full buckets (as good as new) first', () => {
    const { clock, budget } = setup();
    for (let n = 0; n < 3; n++) budget.charge(A);
    for (let n = 0; n < MAX_SITES + 10; n++) budget.charge(`https://s${n}.example`);
    expect(budget.size()).toBeLessThanOrEqual(MAX_SITES);
    clock.now += 10_000;
    // Everyone is full again: the next new origin makes room by dropping them, and A starts afresh too.
    budget.charge('https://new.example');
    expect(budget.size()).toBe(1);
    for (let n = 0; n < 3; n++) budget.charge(A);
  });
});
