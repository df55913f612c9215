/** The bytes an L1 data fee is priced on are never fewer than those the batch's executor signs. */
import { Transaction, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { SIMPLE_7702_ACCOUNT } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import { calldata } from './executors/atomic';
import { repricedUnsigned, unsignedTransactions } from './unsignedTransactions';

const wallet = Wallet.createRandom();
const FROM = wallet.address as Hex;
const TO: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const FEES = { maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
const calls = [{ to: TO, value: '0xde0b6b3a7640000' as Hex, data: '0xa9059cbb' as Hex }];
const size = (hex: string) => (hex.length - 2) / 2;

describe('the unsigned transactions of a planned batch', () => {
  it('are at least as long as the signed upgrade transaction of an atomic batch, its authorization included', async () => {
    const batch = { chainId: '0x2105' as Hex, from: FROM, calls, gasLimits: ['0x30d40' as Hex], atomic: true, upgrade: true };
    const [estimate] = await unsignedTransactions(batch, FEES);
    const signed = Transaction.from(await wallet.signTransaction({
      type: 4, chainId: 0x2105n, nonce: 7, to: FROM, data: await calldata(batch), gasLimit: 200_000n, ...FEES,
      authorizationList: [await wallet.authorize({ address: SIMPLE_7702_ACCOUNT, nonce: 8, chainId: 0x2105n })],
    }));
    expect(size(estimate)).toBeGreaterThanOrEqual(size(signed.unsignedSerialized));
  });

  it('are one per call for a sequential batch, and none for a sponsored one', async () => {
    const batch = { chainId: '0x2105' as Hex, from: FROM, calls: [...calls, ...calls], gasLimits: ['0x5208', '0x5208'] as Hex[], atomic: false, upgrade: false };
    expect(await unsignedTransactions(batch, FEES)).toHaveLength(2);
    expect(await unsignedTransactions({ ...batch, sponsor: { url: 'https://pm.example', paymaster: TO } as never }, FEES)).toEqual([]);
  });

  it('of a replacement are priced at its raised fees, which may take more bytes than the original', async () => {
    const original = await wallet.signTransaction({ type: 2, chainId: 8453n, nonce: 7, to: TO, value: 1n, data: '0xa9059cbb', gasLimit: 50_000n, maxFeePerGas: 0xf0000000n, maxPriorityFeePerGas: 0xf0000000n });
    const raised = { maxFeePerGas: 0x108000000n, maxPriorityFeePerGas: 0x108000000n };
    const replacement = await wallet.signTransaction({ ...Transaction.from(original).toJSON(), hash: null, signature: null, from: null, ...raised });
    expect(size(Transaction.from(replacement).unsignedSerialized)).toBeGreaterThan(size(Transaction.from(original).unsignedSerialized));
    expect(repricedUnsigned(original as Hex, raised)).toBe(Transaction.from(replacement).unsignedSerialized);
  });

  it('of a replacement keep an upgrade transaction\'s authorization', async () => {
    const authorization = await wallet.authorize({ address: SIMPLE_7702_ACCOUNT, nonce: 8, chainId: 8453n });
    const original = await wallet.signTransaction({ type: 4, chainId: 8453n, nonce: 7, to: FROM, data: '0x', gasLimit: 80_000n, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n, authorizationList: [authorization] });
    const repriced = Transaction.from(repricedUnsigned(original as Hex, FEES));
    expect(repriced.authorizationList?.[0].address).toBe(SIMPLE_7702_ACCOUNT);
    expect(repriced.maxFeePerGas).toBe(FEES.maxFeePerGas);
  });
});
