/**
 * The wallet's records of allowances to a paymaster as it keeps them, in storage.local (createServices.ts), where a
 * content script on Firefox writes too: only what the wallet itself wrote names an allowance, and a record a page wrote
 * without the shape neither throws (sendCallsPlan.ts awaits these for every batch a paymaster may pay) nor hides the rest.
 */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { batchKey, createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS, type BatchRecord } from '../batches/types';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { recordedAllowances } from './recorded';
import { SIGNED_GRANTS_DEFAULTS, createSignedGrants } from './signedGrants';

const FROM: Hex = '0x00000000000000000000000000000000000000aa';
const PAYMASTER: Hex = '0x33edC8964dFf8cb68084759c72e6b2757fE1a762';
const USDC: Hex = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const USDT: Hex = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
const ERC20 = new Interface(['function approve(address spender, uint256 amount)']);
const NOW = Math.floor(Date.now() / 1000);

const approve = (token: Hex) => ({ to: token, value: '0x0' as Hex, data: ERC20.encodeFunctionData('approve', [PAYMASTER, 5_000_000n]) as Hex });
/** A batch of the account's on Ethereum approving the paymaster on `token`, landed. */
const landed = (id: string, token: Hex): BatchRecord => ({
  id, origin: 'https://dapp.example', chainId: '0x1', from: FROM, atomic: true, upgrade: false, gasLimits: ['0x1'], state: 'sent', calls: [approve(token)], createdAt: 1,
  transactions: [{
    hash: '0x01', raw: '0x', nonce: 0, calls: [0], sent: true,
    receipt: { logs: [], status: '0x1', blockHash: '0x01', blockNumber: '0x1', gasUsed: '0x1', transactionHash: '0x01' },
  }],
});
/** A permit of 5 on `token` to the paymaster, valid for a day more. */
const permit = (token: Hex) => ({ kind: 'erc20' as const, token, spender: PAYMASTER, amount: '5', deadline: String(NOW + 86_400) });

function storageLocal() {
  const area = memoryBackend();
  const local = typedStorage(area, { ...BATCHES_DEFAULTS, ...SIGNED_GRANTS_DEFAULTS });
  const sealer = createSealer(memoryKeyStore());
  const records = { batches: createBatchStore(local, sealer), signedGrants: createSignedGrants(local, sealer) };
  /** A content script's write: beside what is kept. */
  const plant = async (batch: { origin: string; id: string } | undefined, signed: unknown[] = []) => {
    const kept = { batches: await local.get('batches'), signedGrants: await local.get('signedGrants') };
    await area.set({ batches: batch ? { ...kept.batches, [batchKey(batch.origin, batch.id)]: batch } : kept.batches, signedGrants: [...kept.signedGrants, ...signed] });
  };
  /** The tokens named, lower case. */
  const named = async () => [...(await recordedAllowances(records, FROM, '0x1', PAYMASTER, NOW))];
  return { records, plant, named };
}

describe('records a content script wrote into storage.local', () => {
  it('names a permit the wallet remembered, not one planted beside it: the wallet signed no such permit', async () => {
    const { records, plant, named } = storageLocal();
    await records.signedGrants.remember(FROM, '0x1', [permit(USDT)]);
    await plant(undefined, [{ ...permit(USDC), account: FROM, chainId: '0x1' }]);
    expect(await named()).toEqual([USDT.toLowerCase()]);
  });

  it('names an approve batch the wallet wrote, not one planted beside it: the wallet never sealed it, approved nor sent it', async () => {
    const { records, plant, named } = storageLocal();
    await records.batches.add(landed('1', USDT));
    const planted = { ...landed('x', USDC), origin: 'https://evil.example' };
    await plant(planted);
    expect(await records.batches.all()).toContainEqual(planted);
    expect(await records.batches.authentic(planted)).toBe(false);
    expect(await named()).toEqual([USDT.toLowerCase()]);
  });

  it('reads past a permit without its fields, and a batch without its account: the rest still named, nothing thrown', async () => {
    const { records, plant, named } = storageLocal();
    await records.signedGrants.remember(FROM, '0x1', [permit(USDT)]);
    await records.batches.add(landed('1', USDC));
    const withoutAccount = { id: 'x', origin: 'https://evil.example', state: 'sent', calls: [], transactions: [], createdAt: 1 };
    await plant(withoutAccount, [{ kind: 'erc20' }]);
    expect((await named()).sort()).toEqual([USDC.toLowerCase(), USDT.toLowerCase()].sort());
  });
});
