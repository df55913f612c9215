/**
 * An allowance the wallet's records say the account gave, then took back with an approve of 0: named unless the
 * take-back surely ran after it (landed later in the chain's order); a permit stays named until its deadline.
 */
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import { type Made, USDT, batch, call, named, permit, receipt, records, sponsored } from './paymasterAllowances.fixture';

describe("the wallet's own records of an allowance the node says is 0", () => {
  it('names none that a later approve of 0 took back, when the wallet wrote that it landed', async () => {
    expect(await named(records([batch([call('approve', 5n)], 1, { landed: '0x1' }), batch([call('approve', 0n)], 2, { landed: '0x1' })]))).toBeUndefined();
    expect(await named(records([batch([call('approve', 5n), call('approve', 0n)], 1, { landed: '0x1' })]))).toBeUndefined();
  });

  it('orders what landed by the block it landed in, not by when it was made; in one block, by the account\'s nonce', async () => {
    const give = (more: Made) => batch([call('approve', 5n)], 1, { landed: '0x1', ...more });
    const revoke = (more: Made) => batch([call('approve', 0n)], 2, { landed: '0x1', ...more });
    expect(await named(records([give({ block: 9 }), revoke({ block: 8 })]))).toEqual(['USDC 0 recorded']);
    expect(await named(records([revoke({ block: 8 }), give({ block: 7 })]))).toBeUndefined();
    expect(await named(records([give({ block: 8, nonce: 4 }), revoke({ block: 8, nonce: 3 })]))).toEqual(['USDC 0 recorded']);
    expect(await named(records([give({ block: 8, nonce: 3 }), revoke({ block: 8, nonce: 4 })]))).toBeUndefined();
  });

  it("names an approve still pending beside an approve of 0 made after it that landed: the site's own bundler holds its userOp, which may land after it", async () => {
    const held = batch([call('approve', 5_000_000n)], 1, {
      executor: 'sponsored', sponsor: sponsored.sponsor, transactions: [],
      userOperation: { op: {} as never, hash: `0x${'c'.repeat(64)}`, sent: true, sentAt: 1 },
    });
    // The account's own revoke, an ordinary transaction: its nonce is not the userOp's, so it lands first.
    expect(await named(records([held, batch([call('approve', 0n)], 2, { landed: '0x1' })]))).toEqual(['USDC 0 recorded']);
  });

  it('names a give beside a take-back in the same block when which ran first is unknown: a userOp beside a transaction', async () => {
    const sponsoredGive = batch([call('approve', 5n)], 1, {
      executor: 'sponsored', transactions: [],
      userOperation: { op: {} as never, hash: `0x${'c'.repeat(64)}`, sent: true, receipt: receipt('0x1', 8) },
    });
    expect(await named(records([sponsoredGive, batch([call('approve', 0n)], 2, { landed: '0x1', block: 8 })]))).toEqual(['USDC 0 recorded']);
  });

  it('names a permit until its deadline, an approve of 0 made after it or not: that leaves the permit nonce as it was, so the signature still sets the allowance', async () => {
    const revoked = [batch([call('approve', 0n, { token: USDT })], 3, { landed: '0x1' })];
    expect(await named(records(revoked, [permit()]))).toEqual(['USDT 0 recorded']);
    // A permit kept before its amount and deadline were: while it is kept.
    expect(await named(records(revoked, [permit({ amount: undefined, deadline: undefined })]))).toEqual(['USDT 0 recorded']);
    expect(await named(records(revoked, [permit({ deadline: String(Math.floor(Date.now() / 1000) - 1) })]))).toBeUndefined();
  });

  it('still names one whose revoke did not land, is still pending, came first, or whose record was altered outside the wallet', async () => {
    const given = batch([call('approve', 5n)], 2);
    const revoke = (createdAt: number, more: Partial<BatchRecord> & { landed?: Hex } = {}) => batch([call('approve', 0n)], createdAt, more);
    const altered = revoke(3, { landed: '0x1' });
    for (const [why, wallet] of [
      ['reverted', records([given, revoke(3, { landed: '0x0' })])],
      ['never sent', records([given, revoke(3, { state: 'failed', transactions: [] })])],
      ['pending', records([given, revoke(3)])],
      ['earlier', records([given, revoke(1, { landed: '0x1' })])],
      ['altered', records([given, altered], [], [altered])],
    ] as const) {
      expect(await named(wallet), why).toEqual(['USDC 0 recorded']);
    }
    expect(await named(records([batch([call('approve', 0n, { token: USDT })], 1, { landed: '0x1' })], [permit()]))).toEqual(['USDT 0 recorded']);
  });
});
