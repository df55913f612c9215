import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { dappNonce } from './dappNonce';
import { fakeBatches } from './storeFake.fixture';
import type { BatchRecord, BatchTransaction } from './types';

const FROM: Hex = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const HASH: Hex = `0x${'11'.repeat(32)}`;
const CALL = { to: '0x000000000000000000000000000000000000dEaD' as Hex, value: '0x1' as Hex, data: '0x' as Hex };

/** The account has 5 transactions mined (latest) and 7 sent (pending): nonces 5 and 6 wait in the pool. */
const node = (async (method: string, params: unknown[] = []) => {
  if (method === 'eth_getTransactionCount') return params[1] === 'pending' ? '0x7' : '0x5';
  throw new Error(`unexpected ${method}`);
}) as ChainNode;

const sent = (nonce: number, extra: Partial<BatchTransaction> = {}): BatchTransaction => ({ hash: HASH, raw: '0x', nonce, calls: [0], sent: true, ...extra });
const batch = (transactions: BatchTransaction[], extra: Partial<BatchRecord> = {}): BatchRecord => ({
  kind: 'transaction', id: 'b', origin: 'https://other.example', chainId: '0x7a69', from: FROM, atomic: false, upgrade: false,
  calls: [CALL], gasLimits: ['0x5208'], state: 'sent', transactions, createdAt: 0, ...extra,
});
const store = (batches: BatchRecord[], altered = false) => fakeBatches(batches, () => altered);
const account = { from: FROM, chainId: '0x7a69' as Hex };

const refused = (message: string) => expect.objectContaining({ code: ErrorCode.invalidParams, message });

describe('a nonce the site chose', () => {
  it('the account’s next nonce is used as is: nothing is replaced', async () => {
    expect(await dappNonce(store([]), node, account, 7)).toBeUndefined();
  });

  it('above the next nonce (a gap) is refused, naming both', async () => {
    await expect(dappNonce(store([]), node, account, 9)).rejects.toEqual(refused('transaction.nonce 9 is above the account’s next nonce 7: the transaction would wait in the node until nonces 7 to 8 are used; leave nonce out, or send 7'));
  });

  it('a nonce already mined is refused', async () => {
    await expect(dappNonce(store([]), node, account, 4)).rejects.toEqual(refused('transaction.nonce 4 is already used: the account’s next nonce is 7; leave nonce out, or send 7'));
  });

  it('the nonce of a pending transaction the wallet did not send, or that belongs to another account or chain, is refused: a site may not replace it', async () => {
    const message = 'transaction.nonce 6 is the nonce of a transaction the account sent that is not mined yet: a site may not replace or cancel it. The account’s next nonce is 7; leave nonce out, or send 7';
    await expect(dappNonce(store([]), node, account, 6)).rejects.toEqual(refused(message));
    await expect(dappNonce(store([batch([sent(6)], { from: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8' })]), node, account, 6)).rejects.toEqual(refused(message));
    await expect(dappNonce(store([batch([sent(6)], { chainId: '0x1' })]), node, account, 6)).rejects.toEqual(refused(message));
    // Mined, or replaced by a later transaction at that nonce: not pending any more.
    await expect(dappNonce(store([batch([sent(6, { replacedBy: HASH })])]), node, account, 6)).rejects.toEqual(refused(message));
    // A record written outside the wallet is not believed.
    await expect(dappNonce(store([batch([sent(6)])], true), node, account, 6)).rejects.toEqual(refused(message));
  });

  it('the nonce of the wallet’s own pending transaction is a replacement: which one, and what it does', async () => {
    expect(await dappNonce(store([batch([sent(5, { hash: `0x${'22'.repeat(32)}` }), sent(6)])]), node, { ...account, from: FROM.toUpperCase().replace('0X', '0x') as Hex }, 6)).toEqual({
      nonce: 6, hash: HASH, batchOrigin: 'https://other.example', calls: [CALL],
    });
    // The firewall's revert of a delegation: named as such.
    expect(await dappNonce(store([batch([sent(6, { calls: [] })], { kind: 'revokeDelegationOf', calls: [] })]), node, account, 6)).toEqual({
      nonce: 6, hash: HASH, batchOrigin: 'https://other.example', calls: [], revokeDelegation: true,
    });
  });

  it('the replaced transaction carries the words its own approval screen showed, a Cancel none', async () => {
    const review = { clear: { intent: 'Approve: allow spending of your tokens', source: 'calldata-erc20.json', fields: [], uncovered: [] }, dangers: [] };
    const other = { ...CALL, value: '0x2' as Hex };
    const kept = batch([sent(6, { calls: [1] })], { calls: [other, CALL], reviews: [null, review] });
    expect(await dappNonce(store([kept]), node, account, 6)).toMatchObject({ calls: [CALL], reviews: [review] });
    const cancelled = await dappNonce(store([{ ...kept, transactions: [sent(6, { calls: [], cancel: true })] }]), node, account, 6);
    expect(cancelled?.reviews).toBeUndefined();
  });
});
