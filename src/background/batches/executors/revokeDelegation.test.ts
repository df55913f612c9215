/** Revert to a plain account, by the account itself or paid by another: whose authorization, which nonce, who signs and pays. */
import { Transaction, ZeroAddress, verifyAuthorization } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../../shared/params';
import { deriveWallet } from '../../accounts/keys';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { sendApproved } from '../run';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS } from '../types';
import type { BatchDeps, Executor } from './executor';
import { DELEGATOR_V08 } from '../../../shared/contracts';
import { delegatingAuthorization, revokeDelegation, revokeDelegationOf, upgradeAccount } from './revokeDelegation';

const PHRASE = 'test test test test test test test test test test test junk';
const A = deriveWallet(PHRASE, 0);
const B = deriveWallet(PHRASE, 1);
const WALLET = 'chrome-extension://wallet';

describe('delegatingAuthorization', () => {
  it('takes the authority’s own nonce when another account sends the transaction', () => {
    expect(delegatingAuthorization({ target: ZeroAddress as Hex, authority: A.address as Hex, sender: B.address as Hex, senderNonce: 9, authorityNonce: 4, chainId: 31337n }))
      .toEqual({ address: ZeroAddress, nonce: 4, chainId: 31337n });
  });

  it('takes the sender’s nonce + 1 when the authority sends it itself (its nonce is bumped first)', () => {
    expect(delegatingAuthorization({ target: ZeroAddress as Hex, authority: A.address as Hex, sender: A.address.toLowerCase() as Hex, senderNonce: 9, authorityNonce: 9, chainId: 1n }))
      .toEqual({ address: ZeroAddress, nonce: 10, chainId: 1n });
  });

  it('names the target it delegates to: the DeleGator for a grant’s upgrade', () => {
    expect(delegatingAuthorization({ target: DELEGATOR_V08, authority: A.address as Hex, sender: A.address as Hex, senderNonce: 0, authorityNonce: 0, chainId: 31337n }))
      .toEqual({ address: DELEGATOR_V08, nonce: 1, chainId: 31337n });
  });
});

/** Plans and sends one clearing batch against a node that knows A's and B's nonces; returns the one transaction sent. */
async function sendClearing(executor: Executor, draft: { from: Hex; authority?: Hex; delegateTo?: Hex }): Promise<Transaction> {
  const nonces: Record<string, number> = { [A.address.toLowerCase()]: 3, [B.address.toLowerCase()]: 7 };
  const sent: string[] = [];
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    switch (method) {
      case 'eth_getTransactionCount': return `0x${nonces[(params[0] as string).toLowerCase()].toString(16)}` as T;
      case 'eth_getBlockByNumber': return { baseFeePerGas: '0x3b9aca00' } as T;
      case 'eth_maxPriorityFeePerGas': return '0x2' as T;
      case 'eth_sendRawTransaction': return (sent.push(params[0] as string), Transaction.from(params[0] as string).hash) as T;
    }
    throw new Error(`unexpected ${method}`);
  };
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  const deps = {
    batches,
    accounts: { signer: async (address: Hex) => [A, B].find((w) => w.address.toLowerCase() === address.toLowerCase())! },
    networks: { markWithoutEip7702: async () => undefined, sendsSync: async () => false, markWithoutSyncSend: async () => undefined },
    nodeFor: async () => node,
    bundlerFor: async () => node,
    // Following sent batches is tested in follow.test.ts.
    loops: { watch: () => () => undefined },
    detection: { stored: async () => undefined },
  } as unknown as BatchDeps;
  const network = { chainId: '0x7a69', eip7702: true } as unknown as Parameters<typeof executor.plan>[0]['network'];
  await batches.add(await executor.plan({ node, network, upgraded: false }, { id: 'r', origin: WALLET, ...draft, calls: [{ to: draft.from, value: '0x0' as Hex, data: '0x' as Hex }] }));
  await sendApproved(deps, WALLET, 'r');
  expect(sent).toHaveLength(1);
  return Transaction.from(sent[0]);
}

describe('revokeDelegation', () => {
  it('signs one type-4 transaction from the account to itself with its own authorization at nonce + 1', async () => {
    const tx = await sendClearing(revokeDelegation, { from: A.address as Hex });
    expect([tx.type, tx.from, tx.to, tx.value, tx.data, tx.nonce]).toEqual([4, A.address, A.address, 0n, '0x', 3]);
    const [authorization] = tx.authorizationList!;
    expect([authorization.address, authorization.nonce, authorization.chainId]).toEqual([ZeroAddress, 4n, 31337n]);
    expect(verifyAuthorization(authorization, authorization.signature)).toBe(A.address);
  });
});

describe('revokeDelegationOf', () => {
  it('signs one type-4 transaction from the payer carrying the drained account’s authorization to address zero', async () => {
    const tx = await sendClearing(revokeDelegationOf, { from: B.address as Hex, authority: A.address as Hex });
    expect([tx.type, tx.from, tx.to, tx.value, tx.data, tx.nonce]).toEqual([4, B.address, B.address, 0n, '0x', 7]);
    const [authorization] = tx.authorizationList!;
    expect([authorization.address, authorization.nonce, authorization.chainId]).toEqual([ZeroAddress, 3n, 31337n]);
    expect(verifyAuthorization(authorization, authorization.signature)).toBe(A.address);
  });
});

describe('upgradeAccount', () => {
  it('signs one type-4 transaction from the account to itself with its own authorization for the DeleGator at nonce + 1', async () => {
    const tx = await sendClearing(upgradeAccount, { from: A.address as Hex, delegateTo: DELEGATOR_V08 });
    expect([tx.type, tx.from, tx.to, tx.value, tx.data, tx.nonce]).toEqual([4, A.address, A.address, 0n, '0x', 3]);
    const [authorization] = tx.authorizationList!;
    expect([authorization.address, authorization.nonce, authorization.chainId]).toEqual([DELEGATOR_V08, 4n, 31337n]);
    expect(verifyAuthorization(authorization, authorization.signature)).toBe(A.address);
  });
});

describe('the target each executor authorizes, whatever its record says', () => {
  it('upgradeAccount signs nothing for a delegate other than the DeleGator, nor for none (which would clear the account)', async () => {
    await expect(sendClearing(upgradeAccount, { from: A.address as Hex, delegateTo: B.address as Hex })).rejects.toMatchObject({ code: 5750 });
    await expect(sendClearing(upgradeAccount, { from: A.address as Hex })).rejects.toMatchObject({ code: 5750 });
  });

  it('revokeDelegation clears (address zero) even when its record names a delegate', async () => {
    const tx = await sendClearing(revokeDelegation, { from: A.address as Hex, delegateTo: DELEGATOR_V08 });
    expect(tx.authorizationList![0].address).toBe(ZeroAddress);
  });
});
