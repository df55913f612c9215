/**
 * A sponsored batch, or one whose fee may be paid in USDC: an allowance the account already gave the paymaster on a
 * token the wallet knows on the chain lets it take those tokens, whatever the screen says about the fee. Read once
 * per token while the batch is planned; a read that failed is said, never taken as no allowance, and so is a 0 the
 * node says where the wallet's own records say the account gave one and never took it back.
 */
import { AbiCoder, Interface, MaxUint256, toQuantity } from 'ethers';
import { describe, expect, it, vi } from 'vitest';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { paymasterAllowances } from './paymasterAllowances';
import type { AllowanceRecords } from './recorded';
import type { SignedGrant } from './signedGrants';

const FROM: Hex = '0x00000000000000000000000000000000000000aa';
const SITE_PAYMASTER: Hex = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
const USDC_PAYMASTER: Hex = '0x0578cFB241215b77442a541325d6A4E6dFE700Ec';
// Ethereum's well-known USDC and USDT (protection/knownTokens.ts), and an OP USDC the table does not hold.
const USDC: Hex = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT: Hex = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const OP_USDC: Hex = '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85';
const ETHEREUM = { chainId: '0x1', usdcPaymaster: { paymaster: USDC_PAYMASTER, token: USDC } } as Pick<Network, 'chainId' | 'usdcPaymaster'>;
const ERC20 = new Interface([
  'function allowance(address owner, address spender) view returns (uint256)',
  'function approve(address spender, uint256 amount)',
  'function increaseAllowance(address spender, uint256 added)',
  'function transfer(address to, uint256 amount)',
]);

/** The wallet's records: its batches (each authentic unless listed in `altered`) and the permits it signed (each sealed). */
function records(batches: BatchRecord[], signed: SignedGrant[] = [], altered: BatchRecord[] = []): AllowanceRecords {
  return { batches: { all: async () => batches, authentic: async (b) => !altered.includes(b) }, signedGrants: { all: async () => signed, authentic: async () => true } };
}
const NO_RECORDS = records([]);

/** A node where `allowances` (token → spender → amount) are the account's; a token in `failing` does not answer. */
function chain(allowances: Record<string, Record<string, bigint>>, failing: string[] = []) {
  const reads: string[] = [];
  const node = (async (method: string, params: unknown[]) => {
    if (method !== 'eth_call') throw new Error(`unexpected ${method}`);
    const { to, data } = params[0] as { to: Hex; data: Hex };
    reads.push(to);
    if (failing.includes(to)) throw new Error('node down');
    const [owner, spender] = ERC20.decodeFunctionData('allowance', data) as unknown as [string, string];
    if (owner.toLowerCase() !== FROM) return AbiCoder.defaultAbiCoder().encode(['uint256'], [0n]);
    return AbiCoder.defaultAbiCoder().encode(['uint256'], [allowances[to]?.[spender] ?? 0n]);
  }) as ChainNode;
  return { node, reads };
}

describe('allowances the account already gave the paymaster that may take its fee', () => {
  it("names a sponsored batch's paymaster's allowance on each token the wallet knows on the chain, one read each", async () => {
    const { node, reads } = chain({ [USDC]: { [SITE_PAYMASTER]: 5_000_000n }, [USDT]: { [SITE_PAYMASTER]: MaxUint256, [USDC_PAYMASTER]: 1n } });
    const found = await paymasterAllowances(node, { from: FROM, sponsor: { url: 'https://pm.example', context: {}, paymaster: SITE_PAYMASTER } }, ETHEREUM, NO_RECORDS);
    expect(found).toEqual([
      { paymaster: SITE_PAYMASTER, token: USDC, symbol: 'USDC', amount: '5000000' },
      { paymaster: SITE_PAYMASTER, token: USDT, symbol: 'USDT', amount: MaxUint256.toString() },
    ]);
    expect(reads.length).toBe(new Set(reads).size);
    expect(reads).toContain(USDC);
  });

  it("names the USDC paymaster's when the fee may be paid in USDC, on the chain's USDC the table does not hold too", async () => {
    const op = { chainId: '0xa', usdcPaymaster: { paymaster: USDC_PAYMASTER, token: OP_USDC } } as Pick<Network, 'chainId' | 'usdcPaymaster'>;
    const { node, reads } = chain({ [OP_USDC]: { [USDC_PAYMASTER]: 7n } });
    expect(await paymasterAllowances(node, { from: FROM, usdcFee: { paymaster: op.usdcPaymaster } as never }, op, NO_RECORDS)).toEqual([{ paymaster: USDC_PAYMASTER, token: OP_USDC, symbol: 'USDC', amount: '7' }]);
    expect(reads).toEqual([OP_USDC]);
  });

  it('says a read that failed or answered no word, rather than taking it as none', async () => {
    const { node } = chain({}, [USDC]);
    const found = await paymasterAllowances(node, { from: FROM, usdcFee: { paymaster: ETHEREUM.usdcPaymaster } as never }, ETHEREUM, NO_RECORDS);
    expect(found).toEqual([{ paymaster: USDC_PAYMASTER, token: USDC, symbol: 'USDC', amount: null }]);
    const silent = (async () => '0x') as unknown as ChainNode;
    expect((await paymasterAllowances(silent, { from: FROM, usdcFee: { paymaster: ETHEREUM.usdcPaymaster } as never }, ETHEREUM, NO_RECORDS))?.filter((a) => a.amount === null)).toHaveLength(10);
  });

  it('reads nothing for a batch whose fee no paymaster takes, and names nothing when there is no allowance', async () => {
    const { node, reads } = chain({ [USDC]: { [USDC_PAYMASTER]: 1n } });
    expect(await paymasterAllowances(node, { from: FROM }, ETHEREUM, NO_RECORDS)).toBeUndefined();
    expect(reads).toEqual([]);
    expect(await paymasterAllowances(chain({}).node, { from: FROM, sponsor: { url: 'https://pm.example', context: {}, paymaster: SITE_PAYMASTER } }, ETHEREUM, NO_RECORDS)).toBeUndefined();
  });
});

describe("the wallet's own records of an allowance the node says is 0", () => {
  const call = (fn: 'approve' | 'increaseAllowance', amount: bigint, { token = USDC, spender = SITE_PAYMASTER }: { token?: Hex; spender?: Hex } = {}) =>
    ({ to: token, value: '0x0' as Hex, data: ERC20.encodeFunctionData(fn, [spender, amount]) as Hex });
  const receipt = (status: Hex, block: number) => ({ logs: [], status, blockHash: '0x01' as Hex, blockNumber: toQuantity(block) as Hex, gasUsed: '0x1' as Hex, transactionHash: '0x01' as Hex });
  /**
   * A batch of the account's on Ethereum made at `createdAt`, one transaction at `nonce`: sent and pending, unless
   * `landed` says how it landed (in block `block`, else `createdAt`), or `more` says otherwise.
   */
  type Made = Partial<BatchRecord> & { landed?: Hex; block?: number; nonce?: number };
  const batch = (calls: ReturnType<typeof call>[], createdAt: number, { landed, block = createdAt, nonce = 0, ...more }: Made = {}): BatchRecord => ({
    id: String(createdAt), origin: 'https://dapp.example', chainId: '0x1', from: FROM, atomic: true, upgrade: false, gasLimits: ['0x1'], state: 'sent', calls, createdAt,
    transactions: [{ hash: '0x01', raw: '0x', nonce, calls: calls.map((_, i) => i), sent: true, ...(landed ? { receipt: receipt(landed, block) } : {}) }], ...more,
  });
  /** A permit of 5 USDT to the paymaster, valid for a day more. */
  const permit = (more: Partial<SignedGrant> = {}): SignedGrant =>
    ({ kind: 'erc20', token: USDT, spender: SITE_PAYMASTER, account: FROM, chainId: '0x1', amount: '5', deadline: String(Math.floor(Date.now() / 1000) + 86_400), ...more });
  const sponsored = { from: FROM, sponsor: { url: 'https://pm.example', context: {}, paymaster: SITE_PAYMASTER } };
  /** The tokens named on a node that says 0 for every allowance, each as a record says it. */
  const named = async (wallet: AllowanceRecords) => (await paymasterAllowances(chain({}).node, sponsored, ETHEREUM, wallet))?.map((a) => `${a.symbol} ${a.amount}${a.recorded ? ' recorded' : ''}`);

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
