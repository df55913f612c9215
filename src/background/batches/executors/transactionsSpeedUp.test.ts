/** Speed up and Cancel: replacements at the same nonce, priced and signed as the review approved: on a fake node. */
import { Transaction } from 'ethers';
import { describe, expect, it } from 'vitest';
import { sendApproved } from '../run';
import { CallsStatus, batchStatus } from '../status';
import { planReplacement, replaceTransaction } from '../replace';
import { refreshTransactions } from './transactionReceipts';
import { FROM, ORIGIN, receiptAt, setup } from './transactions.fixture';

describe('Speed up and Cancel', () => {
  const feesOf = (raw: string) => {
    const tx = Transaction.from(raw);
    return { nonce: tx.nonce, maxFeePerGas: tx.maxFeePerGas!, tip: tx.maxPriorityFeePerGas!, to: tx.to, value: tx.value };
  };

  it('sends a replacement at the same nonce with both fees ≥ +10%; the batch follows it, even through a refresh that started before', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const stale = await stored();
    const [original] = stale.transactions;
    const hash = await replaceTransaction(deps, ORIGIN, 'b', original.hash, 'speedUp');
    expect(chain.broadcasts).toEqual([original.hash, hash]);
    const [before, after] = (await stored()).transactions.map((t) => feesOf(t.raw));
    expect(after.nonce).toBe(before.nonce);
    expect(after.maxFeePerGas * 10n >= before.maxFeePerGas * 11n).toBe(true);
    expect(after.tip * 10n >= before.tip * 11n).toBe(true);
    expect([after.to, after.value]).toEqual([before.to, before.value]);

    chain.receipts.set(hash, receiptAt(hash, chain.head));
    chain.latestNonce = before.nonce + 1;
    // A follow loop that read the record before the Speed up stores what it saw; the link must survive it.
    await refreshTransactions(deps, stale);
    await refreshTransactions(deps, await stored());
    const batch = await stored();
    expect(batch.transactions[0].replacedBy).toBe(hash);
    expect(batchStatus(batch)).toBe(CallsStatus.confirmed);
    await expect(replaceTransaction(deps, ORIGIN, 'b', original.hash, 'cancel')).rejects.toThrow(/no longer pending/);
  });

  it('Cancel sends 0 to the account itself; once it lands the calls did not run (400)', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const [original] = (await stored()).transactions;
    const hash = await replaceTransaction(deps, ORIGIN, 'b', original.hash, 'cancel');
    const cancel = feesOf((await stored()).transactions[1].raw);
    expect([cancel.to, cancel.value, cancel.nonce]).toEqual([FROM, 0n, original.nonce]);
    chain.receipts.set(hash, receiptAt(hash, chain.head));
    await refreshTransactions(deps, await stored());
    expect(batchStatus(await stored())).toBe(CallsStatus.offchainFailure);
  });

  it('Cancel of a delegated account carries the gas its delegate\'s receive needs, as the review priced it, not 21,000', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const [original] = (await stored()).transactions;
    chain.estimate = 23_150n;
    const plan = await planReplacement(deps, ORIGIN, 'b', original.hash, 'cancel');
    expect(plan.gasLimit).toBe(27_780n);
    // The node's estimate moved since the review: the cancel carries what the user approved.
    chain.estimate = 40_000n;
    await replaceTransaction(deps, ORIGIN, 'b', original.hash, 'cancel', plan.tiers.market, plan.gasLimit);
    const cancel = Transaction.from((await stored()).transactions[1].raw);
    expect([cancel.to, cancel.value, cancel.data, cancel.gasLimit]).toEqual([FROM, 0n, '0x', 27_780n]);
  });

  it('prices every tier of the review ≥ +10% over the original, and signs exactly the fees approved', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const [original] = (await stored()).transactions;
    const before = feesOf(original.raw);
    // The market fell since: the replacement rule still wins over today's fees.
    chain.baseFee = 1n;
    const plan = await planReplacement(deps, ORIGIN, 'b', original.hash, 'speedUp');
    for (const tier of ['low', 'market', 'aggressive'] as const) {
      expect(plan.tiers[tier].maxFeePerGas * 10n >= before.maxFeePerGas * 11n).toBe(true);
      expect(plan.tiers[tier].maxPriorityFeePerGas * 10n >= before.tip * 11n).toBe(true);
    }
    expect(plan.gasLimit).toBe(0x5208n);
    expect(chain.broadcasts).toEqual([original.hash]);

    await replaceTransaction(deps, ORIGIN, 'b', original.hash, 'speedUp', plan.tiers.aggressive);
    const after = feesOf((await stored()).transactions[1].raw);
    expect([after.maxFeePerGas, after.tip]).toEqual([plan.tiers.aggressive.maxFeePerGas, plan.tiers.aggressive.maxPriorityFeePerGas]);
  });

  it('refuses approved fees that do not raise both by 10%, and a sponsored batch', async () => {
    const { deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const [original] = (await stored()).transactions;
    const before = feesOf(original.raw);
    await expect(replaceTransaction(deps, ORIGIN, 'b', original.hash, 'cancel', { maxFeePerGas: before.maxFeePerGas * 2n, maxPriorityFeePerGas: before.tip }))
      .rejects.toThrow(/at least 10%/);
    expect((await stored()).transactions).toHaveLength(1);
    await deps.batches.update(ORIGIN, 'b', (b) => ({ ...b, userOperation: { op: {} as never, hash: `0x${'11'.repeat(32)}`, sent: true } }));
    await expect(planReplacement(deps, ORIGIN, 'b', original.hash, 'cancel')).rejects.toThrow(/sponsored batch/);
  });

  it('forgets a replacement the node refused', async () => {
    const { chain, deps, stored } = await setup();
    await sendApproved(deps, ORIGIN, 'b');
    const [original] = (await stored()).transactions;
    chain.sendAnswer = 'nonce too low';
    await expect(replaceTransaction(deps, ORIGIN, 'b', original.hash, 'speedUp')).rejects.toThrow('nonce too low');
    const { transactions } = await stored();
    expect(transactions).toHaveLength(1);
    expect(transactions[0].replacedBy).toBeUndefined();
  });
});
