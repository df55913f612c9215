/** The revert paid by another account: whose authorization, which nonce, who signs and pays. */
import { Transaction, ZeroAddress, verifyAuthorization } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../../shared/params';
import { deriveWallet } from '../../accounts/accounts';
import { createSealer, memoryKeyStore } from '../../storage/seal';
import { memoryBackend, typedStorage } from '../../storage/typedStorage';
import { sendApproved } from '../run';
import { createBatchStore } from '../store';
import { BATCHES_DEFAULTS } from '../types';
import type { BatchDeps } from './executor';
import { clearingAuthorization, revokeDelegationOf } from './revokeDelegationOf';

const PHRASE = 'test test test test test test test test test test test junk';
const A = deriveWallet(PHRASE, 0);
const B = deriveWallet(PHRASE, 1);
const WALLET = 'chrome-extension://wallet';

describe('clearingAuthorization', () => {
  it('takes the authority’s own nonce when another account sends the transaction', () => {
    expect(clearingAuthorization({ authority: A.address as Hex, sender: B.address as Hex, senderNonce: 9, authorityNonce: 4, chainId: 31337n }))
      .toEqual({ address: ZeroAddress, nonce: 4, chainId: 31337n });
  });

  it('takes the sender’s nonce + 1 when the authority sends it itself (its nonce is bumped first)', () => {
    expect(clearingAuthorization({ authority: A.address as Hex, sender: A.address.toLowerCase() as Hex, senderNonce: 9, authorityNonce: 9, chainId: 1n }))
      .toEqual({ address: ZeroAddress, nonce: 10, chainId: 1n });
  });
});

describe('revokeDelegationOf', () => {
  it('signs one type-4 transaction from the payer carrying the drained account’s authorization to address zero', async () => {
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
      networks: { markWithoutEip7702: async () => undefined },
      nodeFor: async () => node,
      bundlerFor: async () => node,
    } as unknown as BatchDeps;
    const network = { chainId: '0x7a69', eip7702: true } as unknown as Parameters<typeof revokeDelegationOf.plan>[0]['network'];
    const draft = { id: 'r', origin: WALLET, from: B.address as Hex, authority: A.address as Hex, calls: [{ to: B.address as Hex, value: '0x0' as Hex, data: '0x' as Hex }] };
    await batches.add(await revokeDelegationOf.plan({ node, network, upgraded: false }, draft));

    await sendApproved(deps, WALLET, 'r');

    expect(sent).toHaveLength(1);
    const tx = Transaction.from(sent[0]);
    expect([tx.type, tx.from, tx.to, tx.value, tx.data, tx.nonce]).toEqual([4, B.address, B.address, 0n, '0x', 7]);
    const [authorization] = tx.authorizationList!;
    expect([authorization.address, authorization.nonce, authorization.chainId]).toEqual([ZeroAddress, 3n, 31337n]);
    expect(verifyAuthorization(authorization, authorization.signature)).toBe(A.address);
  });
});
