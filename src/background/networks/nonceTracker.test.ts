import { Transaction, Wallet, verifyAuthorization } from 'ethers';
import { describe, expect, it } from 'vitest';
import { createNonceTracker } from './nonceTracker';
import type { ChainNode } from './rpcClient';

const SIGNER = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80');
const signed = (nonce: number, chainId = 31337) => SIGNER.signTransaction({ to: SIGNER.address, nonce, chainId, gasLimit: 21000, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n, type: 2 });

/** A load-balanced node whose backend lags: its pending count stays at `count`, whatever was sent. */
const lagging = (count: number): ChainNode => (async (method: string) => (method === 'eth_getTransactionCount' ? `0x${count.toString(16)}` : '0xhash')) as ChainNode;

describe('the nonce tracker', () => {
  it('answers one past the last nonce sent when the node\'s pending count lags behind it', async () => {
    const node = createNonceTracker(async () => ({ Transaction, verifyAuthorization }))('0x7a69', lagging(3));
    await node('eth_sendRawTransaction', [await signed(3)]);
    await node('eth_sendRawTransactionSync', [await signed(4)]);
    expect(await node('eth_getTransactionCount', [SIGNER.address.toLowerCase(), 'pending'])).toBe('0x5');
    // The mined count is the node's: only the pending one counts what was sent.
    expect(await node('eth_getTransactionCount', [SIGNER.address, 'latest'])).toBe('0x3');
  });

  it('counts the nonce an EIP-7702 authorization of the sender used in its own transaction', async () => {
    const authorization = await SIGNER.authorize({ address: '0xe6Cae83BdE06E4c305530e199D7217f42808555B', nonce: 1, chainId: 31337 });
    const upgrade = await SIGNER.signTransaction({ to: SIGNER.address, nonce: 0, chainId: 31337, gasLimit: 100000, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n, type: 4, authorizationList: [authorization] });
    const node = createNonceTracker(async () => ({ Transaction, verifyAuthorization }))('0x7a69', lagging(0));
    await node('eth_sendRawTransaction', [upgrade]);
    expect(await node('eth_getTransactionCount', [SIGNER.address, 'pending'])).toBe('0x2');
  });

  it('answers the node\'s count when it is ahead, and keeps each chain apart', async () => {
    const track = createNonceTracker(async () => ({ Transaction, verifyAuthorization }));
    await track('0x7a69', lagging(0))('eth_sendRawTransaction', [await signed(1)]);
    expect(await track('0x7a69', lagging(7))('eth_getTransactionCount', [SIGNER.address, 'pending'])).toBe('0x7');
    expect(await track('0x2105', lagging(0))('eth_getTransactionCount', [SIGNER.address, 'pending'])).toBe('0x0');
  });

  it('counts nothing the node refused', async () => {
    const refusing = (async (method: string) => {
      if (method === 'eth_sendRawTransaction') throw new Error('nonce too low');
      return '0x0';
    }) as ChainNode;
    const node = createNonceTracker(async () => ({ Transaction, verifyAuthorization }))('0x7a69', refusing);
    await expect(node('eth_sendRawTransaction', [await signed(9)])).rejects.toThrow('nonce too low');
    expect(await node('eth_getTransactionCount', [SIGNER.address, 'pending'])).toBe('0x0');
  });
});
