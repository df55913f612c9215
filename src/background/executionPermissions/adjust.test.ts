import { describe, expect, it } from 'vitest';
import { parseExecutionPermissionRequests } from '../../shared/schemas/executionPermissions';
import { adjusted, parseAdjustments } from './adjust';

const NOW = 1_800_000_000;
const request = (isAdjustmentAllowed: boolean, type = 'native-token-periodic', data: Record<string, unknown> = { periodAmount: '0x64', periodDuration: 86_400 }, expiry?: number) =>
  parseExecutionPermissionRequests([{ chainId: '0x1', to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', rules: expiry ? [{ type: 'expiry', data: { timestamp: expiry } }] : [], permission: { type, isAdjustmentAllowed, data } }], NOW)[0];
const error = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('grant adjustments', () => {
  it('lowers the amount and brings the end sooner where the site allows it', () => {
    const grant = adjusted(request(true, 'native-token-periodic', undefined, NOW + 1000), { amount: '0x20', expiry: NOW + 500 }, NOW);
    expect(grant.permission.data).toMatchObject({ periodAmount: '0x20' });
    expect(grant.rules).toEqual([{ type: 'expiry', data: { timestamp: NOW + 500 } }]);
    // An end where there was none narrows the grant too.
    expect(adjusted(request(true), { expiry: NOW + 60 }, NOW).rules).toEqual([{ type: 'expiry', data: { timestamp: NOW + 60 } }]);
    // A stream's cap is its amount.
    expect(adjusted(request(true, 'native-token-stream', { amountPerSecond: '0x1', maxAmount: '0x100' }), { amount: '0x80' }, NOW).permission.data).toMatchObject({ maxAmount: '0x80' });
  });

  it('never widens a grant, and changes nothing the site did not allow to change', () => {
    expect(error(() => adjusted(request(true), { amount: '0x65' }, NOW))).toMatch(/may only be lowered/);
    expect(error(() => adjusted(request(true), { amount: '0x0' }, NOW))).toMatch(/stay above zero/);
    expect(error(() => adjusted(request(true, 'native-token-periodic', undefined, NOW + 1000), { expiry: NOW + 2000 }, NOW))).toMatch(/only come sooner/);
    expect(error(() => adjusted(request(true), { expiry: NOW - 1 }, NOW))).toMatch(/still be to come/);
    expect(error(() => adjusted(request(false), { amount: '0x1' }, NOW))).toMatch(/did not allow/);
    expect(adjusted(request(false), {}, NOW)).toEqual(request(false));
  });

  it('takes the screen’s adjustments, or none', () => {
    expect(parseAdjustments(null)).toBeNull();
    expect(parseAdjustments([{ amount: '0x1' }, { expiry: NOW }])).toEqual([{ amount: '0x1' }, { expiry: NOW }]);
    expect(error(() => parseAdjustments({ amount: '0x1' }))).toMatch(/one adjustment for each grant/);
    expect(error(() => parseAdjustments([{ amount: 5 }]))).toMatch(/hex amount/);
  });
});
