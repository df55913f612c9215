/**
 * attack18: the paymaster's allowances the wallet names from its own records (recorded.ts) when the node says 0. What
 * a page can make it hide (an allowance that can still be taken), what it names that the account never gave (records a
 * Firefox content script planted in storage.local, a call that reverted), and planted records that make every batch a
 * paymaster may pay fail.
 */
import { AbiCoder, Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { batchKey, createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { paymasterAllowances } from './paymasterAllowances';
import type { AllowanceRecords } from './recorded';
import { SIGNED_GRANTS_DEFAULTS, createSignedGrants, type SignedGrant } from './signedGrants';

const FROM: Hex = '0x00000000000000000000000000000000000000aa';
const SITE_PAYMASTER: Hex = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
// Ethereum's well-known USDC and USDT (shared/knownTokens.ts).
const USDC: Hex = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT: Hex = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const ETHEREUM = { chainId: '0x1', usdcPaymaster: { paymaster: '0x0578cFB241215b77442a541325d6A4E6dFE700Ec', token: USDC } } as Pick<Network, 'chainId' | 'usdcPaymaster'>;
const ERC20 = new Interface(['function approve(address spender, uint256 amount)', 'function transfer(address to, uint256 amount)']);

/** A node that says 0 for every allowance: it has none on chain (yet), or it lies. */
const saysZero = (async () => AbiCoder.defaultAbiCoder().encode(['uint256'], [0n])) as unknown as ChainNode;
const sponsored = { from: FROM, sponsor: { url: 'https://pm.example', context: {}, paymaster: SITE_PAYMASTER } };
/** The tokens named, each as a record says it. */
const named = async (wallet: AllowanceRecords) => (await paymasterAllowances(saysZero, sponsored, ETHEREUM, wallet))?.map((a) => `${a.symbol} ${a.amount}${a.recorded ? ' recorded' : ''}`);

const approve = (amount: bigint, token: Hex = USDC) => ({ to: token, value: '0x0' as Hex, data: ERC20.encodeFunctionData('approve', [SITE_PAYMASTER, amount]) as Hex });
const receipt = (status: Hex) => ({ logs: [], status, blockHash: '0x01' as Hex, blockNumber: '0x1' as Hex, gasUsed: '0x1' as Hex, transactionHash: '0x01' as Hex });
/** A batch of the account's on Ethereum made at `createdAt`, its one transaction landed with `status`. */
const landed = (calls: ReturnType<typeof approve>[], createdAt: number, status: Hex = '0x1'): BatchRecord => ({
  id: String(createdAt), origin: 'https://dapp.example', chainId: '0x1', from: FROM, atomic: true, upgrade: false, gasLimits: ['0x1'], state: 'sent', calls, createdAt,
  transactions: [{ hash: '0x01', raw: '0x', nonce: 0, calls: calls.map((_, i) => i), sent: true, receipt: receipt(status) }],
});
/** A permit of 5 to the paymaster, valid for a day more. */
const permit = (token: Hex = USDT): SignedGrant => ({ kind: 'erc20', token, spender: SITE_PAYMASTER, account: FROM, chainId: '0x1', amount: '5', deadline: String(Math.floor(Date.now() / 1000) + 86_400) });
/** The wallet's records as given, each batch authentic. */
const records = (batches: BatchRecord[], signed: SignedGrant[] = []): AllowanceRecords =>
  ({ batches: { all: async () => batches, authentic: async () => true }, signedGrants: { all: async () => signed, authentic: async () => true } });

/** storage.local as the worker keeps the batches and the signed permits in it (createServices.ts), and as a content script on Firefox writes it. */
function storageLocal() {
  const area = memoryBackend();
  const local = typedStorage(area, { ...BATCHES_DEFAULTS, ...SIGNED_GRANTS_DEFAULTS });
  const sealer = createSealer(memoryKeyStore());
  const batches = createBatchStore(local, sealer);
  return { area, local, batches, records: { batches, signedGrants: createSignedGrants(local, sealer) } satisfies AllowanceRecords };
}

describe('attack18: an allowance to the paymaster hidden though it can still be taken', () => {
  it("names the approve of a sponsored batch still pending (the site's own bundler holds its userOp) beside an approve of 0 made after it that landed: the userOp may land after it", async () => {
    const held: BatchRecord = {
      ...landed([approve(5_000_000n)], 1), executor: 'sponsored', sponsor: sponsored.sponsor, transactions: [],
      userOperation: { op: {} as never, hash: `0x${'c'.repeat(64)}`, sent: true, sentAt: 1 },
    };
    // The account's own revoke, an ordinary transaction: its nonce is not the userOp's, so it lands first.
    expect(await named(records([held, landed([approve(0n)], 2)]))).toEqual(['USDC 0 recorded']);
  });

  it('names a permit the account signed for the paymaster beside an approve of 0 that landed after it: the signature, never submitted, still sets the allowance whenever the paymaster submits it', async () => {
    // EIP-2612: approve(spender, 0) leaves nonces(owner) as it was, so the permit signed before it stays valid until its deadline.
    expect(await named(records([landed([approve(0n, USDT)], 3)], [permit()]))).toEqual(['USDT 0 recorded']);
  });
});

describe('attack18: an allowance named that the account never gave', () => {
  it('names none from a permit a content script planted in storage.local (Firefox): the wallet signed no such permit', async () => {
    const { area, records: wallet } = storageLocal();
    await area.set({ signedGrants: [permit(USDC)] });
    expect(await named(wallet)).toBeUndefined();
  });

  it('names none from an approve batch a content script planted in storage.local: the wallet never sealed it, never approved nor sent it', async () => {
    const { area, local, records: wallet } = storageLocal();
    const planted = landed([approve(5_000_000n)], 1);
    await area.set({ batches: { ...(await local.get('batches')), [batchKey(planted.origin, planted.id)]: planted } });
    expect(await wallet.batches.authentic(planted)).toBe(false);
    expect(await named(wallet)).toBeUndefined();
  });

  it("names none from a sequential batch whose approve's own transaction reverted, though its other call landed (status 600)", async () => {
    const calls = [approve(5_000_000n), { to: USDT, value: '0x0' as Hex, data: ERC20.encodeFunctionData('transfer', ['0x00000000000000000000000000000000000000bb', 1n]) as Hex }];
    const partial: BatchRecord = {
      ...landed(calls, 1), atomic: false, gasLimits: ['0x1', '0x1'],
      transactions: [
        { hash: '0x01', raw: '0x', nonce: 0, calls: [0], sent: true, receipt: receipt('0x0') },
        { hash: '0x02', raw: '0x', nonce: 1, calls: [1], sent: true, receipt: receipt('0x1') },
      ],
    };
    expect(await named(records([partial]))).toBeUndefined();
  });
});

describe('attack18: records planted in storage.local without a shape', () => {
  it('leave the paymaster’s allowances as the node says them, rather than failing every batch a paymaster may pay (sendCallsPlan.ts awaits them)', async () => {
    const { area, local, records: wallet } = storageLocal();
    await wallet.signedGrants.remember(FROM, '0x1', [{ kind: 'erc20', token: USDT, spender: '0x00000000000000000000000000000000000000bb', amount: '1' }]);
    await area.set({ signedGrants: [...(await local.get('signedGrants')), { kind: 'erc20' }] });
    await expect(paymasterAllowances(saysZero, sponsored, ETHEREUM, wallet)).resolves.toBeUndefined();
  });

  it('a batch record without an account leaves them so too', async () => {
    const { area, records: wallet } = storageLocal();
    await area.set({ batches: { 'https://evil.example x': { id: 'x', origin: 'https://evil.example', state: 'sent', calls: [], transactions: [], createdAt: 1 } } });
    await expect(paymasterAllowances(saysZero, sponsored, ETHEREUM, wallet)).resolves.toBeUndefined();
  });
});
