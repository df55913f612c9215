/**
 * Nonces that never go back in time: behind a load balancer the next read may reach a backend a few blocks behind,
 * whose pending count misses what the wallet just sent, and a nonce used twice replaces the first transaction. The
 * pending count the wallet is told is the highest of the node's and one past the last nonce this wallet sent from the
 * account on that chain (held for the worker's life: after a restart the node has long caught up).
 */
import type { Transaction, verifyAuthorization } from 'ethers';
import type { Hex } from '../../shared/params';
import type { ChainNode } from './rpcClient';

const SENDS = new Set(['eth_sendRawTransaction', 'eth_sendRawTransactionSync']);

export type NonceTracker = (chainId: Hex, node: ChainNode) => ChainNode;

/** ethers' transaction decoder and signer recovery, loaded on the first send rather than at the worker's start (its later script, loadLater.ts). */
export type LoadTransactionCode = () => Promise<{ Transaction: typeof Transaction; verifyAuthorization: typeof verifyAuthorization }>;

export function createNonceTracker(load: LoadTransactionCode): NonceTracker {
  const next = new Map<string, bigint>();
  const key = (chainId: Hex, account: string) => `${BigInt(chainId)} ${account.toLowerCase()}`;
  const used = (chainId: Hex, account: string, nonce: bigint): void => {
    const k = key(chainId, account);
    if (nonce + 1n > (next.get(k) ?? 0n)) next.set(k, nonce + 1n);
  };
  const sent = async (chainId: Hex, raw: unknown): Promise<void> => {
    try {
      const { Transaction, verifyAuthorization } = await load();
      const tx = Transaction.from(raw as string);
      if (!tx.from) return;
      used(chainId, tx.from, BigInt(tx.nonce));
      // An EIP-7702 authorization uses its authority's nonce too (the sender's next one, in an upgrade of itself).
      for (const auth of tx.authorizationList ?? []) used(chainId, verifyAuthorization(auth, auth.signature), auth.nonce);
    } catch {
      // Not a transaction the node could have taken either (or the code that reads one failed to load): the node's
      // count stands, and what the node answered is still the caller's.
    }
  };
  return (chainId, node) =>
    async <T>(method: string, params: unknown[] = [], options?: Parameters<ChainNode>[2]): Promise<T> => {
      const result = await node<T>(method, params, options);
      if (SENDS.has(method)) await sent(chainId, params[0]);
      if (method === 'eth_getTransactionCount' && params[1] === 'pending' && typeof params[0] === 'string') {
        const ours = next.get(key(chainId, params[0]));
        if (ours !== undefined && ours > BigInt(result as Hex)) return `0x${ours.toString(16)}` as T;
      }
      return result;
    };
}
