/**
 * An allowance the node says is 0 where the wallet's own records say the account gave one (an approve, an
 * increaseAllowance, a permit) is still named; nothing the records do not say it gave is, and unreadable records
 * leave the node's answers alone.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import { paymasterAllowances } from './paymasterAllowances';
import type { AllowanceRecords } from './recorded';
import { ERC20, ETHEREUM, FROM, SITE_PAYMASTER, USDC, USDC_PAYMASTER, USDT, batch, call, chain, named, permit, receipt, records, sponsored } from './paymasterAllowances.fixture';

describe("the wallet's own records of an allowance the node says is 0", () => {
  it('names an approve to the paymaster the wallet sent, though the node answers 0', async () => {
    const found = await paymasterAllowances(chain({}).node, sponsored, ETHEREUM, records([batch([call('approve', 5_000_000n)], 1)]));
    expect(found).toEqual([{ paymaster: SITE_PAYMASTER, token: USDC, symbol: 'USDC', amount: '0', recorded: true }]);
  });

  it("names an increaseAllowance the wallet sent, still pending or landed, and a permit it signed for the paymaster (the USDC paymaster's too)", async () => {
    expect(await named(records([batch([call('increaseAllowance', 1n)], 1, { landed: '0x1' })], [permit()]))).toEqual(['USDC 0 recorded', 'USDT 0 recorded']);
    const usdcPaid = { from: FROM, usdcFee: { paymaster: ETHEREUM.usdcPaymaster } as never };
    const found = await paymasterAllowances(chain({}).node, usdcPaid, ETHEREUM, records([batch([call('approve', 1n, { spender: USDC_PAYMASTER })], 1)]));
    expect(found).toEqual([{ paymaster: USDC_PAYMASTER, token: USDC, symbol: 'USDC', amount: '0', recorded: true }]);
  });

  it("names nothing the wallet's records do not say it gave: a batch not approved, never sent or reverted, another account's, chain's or spender's, an increase of 0, a Permit2 permit, one of 0 or past its deadline", async () => {
    const approve = [call('approve', 5n)];
    for (const [why, wallet] of [
      ['awaiting approval', records([batch(approve, 1, { state: 'awaiting-approval', transactions: [] })])],
      ['never sent', records([batch(approve, 1, { state: 'failed', transactions: [] })])],
      ['reverted', records([batch(approve, 1, { landed: '0x0' })])],
      ['another account', records([batch(approve, 1, { from: USDT })], [permit({ account: USDT })])],
      ['another chain', records([batch(approve, 1, { chainId: '0xa' })], [permit({ chainId: '0xa' })])],
      ['another spender', records([batch([call('approve', 5n, { spender: USDC_PAYMASTER })], 1)], [permit({ spender: USDC_PAYMASTER })])],
      ['an increase of 0', records([batch([call('increaseAllowance', 0n)], 1)])],
      ['a Permit2 permit', records([], [permit({ kind: 'permit2' })])],
      ['a permit of 0', records([], [permit({ amount: '0' })])],
      ['a permit past its deadline', records([], [permit({ deadline: '1700000000' })])],
    ] as const) {
      expect(await named(wallet), why).toBeUndefined();
    }
  });

  it('reads past a batch planted without a shape (without its account): the others are still named', async () => {
    const planted = { id: 'x', origin: 'https://evil.example', state: 'sent', calls: [], transactions: [], createdAt: 1 } as unknown as BatchRecord;
    expect(await named(records([planted, batch([call('approve', 5n)], 1)], [permit()]))).toEqual(['USDC 0 recorded', 'USDT 0 recorded']);
  });

  it("names the node's answers alone, with a warning, when the wallet's records cannot be read: the batch is still planned", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const unreadable: AllowanceRecords = { batches: { all: () => Promise.reject(new Error('storage gone')), authentic: async () => true }, signedGrants: { all: async () => [], authentic: async () => true } };
    const found = await paymasterAllowances(chain({ [USDC]: { [SITE_PAYMASTER]: 3n } }).node, sponsored, ETHEREUM, unreadable);
    expect(found).toEqual([{ paymaster: SITE_PAYMASTER, token: USDC, symbol: 'USDC', amount: '3' }]);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('[allowances]'), 'storage gone');
    warn.mockRestore();
  });

  it("judges a sequential batch's approve by its own transaction: none when that reverted though the other call landed (600), named while it is pending", async () => {
    const transfer = { to: USDT, value: '0x0' as Hex, data: ERC20.encodeFunctionData('transfer', ['0x00000000000000000000000000000000000000bb', 1n]) as Hex };
    const sequential = (approveLanded?: Hex) => batch([call('approve', 5_000_000n), transfer], 1, {
      atomic: false, gasLimits: ['0x1', '0x1'],
      transactions: [
        { hash: '0x01', raw: '0x', nonce: 0, calls: [0], sent: true, ...(approveLanded ? { receipt: receipt(approveLanded, 1) } : {}) },
        { hash: '0x02', raw: '0x', nonce: 1, calls: [1], sent: true, receipt: receipt('0x1', 1) },
      ],
    });
    expect(await named(records([sequential('0x0')]))).toBeUndefined();
    expect(await named(records([sequential()]))).toEqual(['USDC 0 recorded']);
  });

  it("says the node's word where it has one: an allowance above 0 as read, a failed read as unread", async () => {
    const wallet = records([batch([call('approve', 5n), call('approve', 5n, { token: USDT })], 1)]);
    const found = await paymasterAllowances(chain({ [USDC]: { [SITE_PAYMASTER]: 3n } }, [USDT]).node, sponsored, ETHEREUM, wallet);
    expect(found).toEqual([
      { paymaster: SITE_PAYMASTER, token: USDC, symbol: 'USDC', amount: '3' },
      { paymaster: SITE_PAYMASTER, token: USDT, symbol: 'USDT', amount: null },
    ]);
  });
});
