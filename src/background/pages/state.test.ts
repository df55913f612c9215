/** Activity words each call as the approval screen did when the user approved it; older records as describeCall does. */
import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { PERMIT2, SIGNER, UNIVERSAL_ROUTER, USDC, descriptors } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { approvedWords } from '../calls/recorded';
import { describeCall } from '../calls/describe';
import type { BatchRecord } from '../batches/types';
import { CODE, MAINNET, NOW, fakeNode } from '../clearSigning/chain.fixture';
import { reviewCalls } from '../clearSigning/calls';
import type { Services } from '../services';
import { activity } from './state';

const permit2 = new Interface(['function approve(address token, address spender, uint160 amount, uint48 expiration)']);
const APPROVE = { to: PERMIT2 as Hex, value: '0x0' as Hex, data: permit2.encodeFunctionData('approve', [USDC, UNIVERSAL_ROUTER, (1n << 160n) - 1n, 1_800_000_000n]) as Hex };
const chain = { code: { [USDC.toLowerCase()]: CODE, [PERMIT2.toLowerCase()]: CODE, [UNIVERSAL_ROUTER.toLowerCase()]: CODE }, tokens: { [USDC.toLowerCase()]: { symbol: 'USDC', decimals: 6, balance: 1_000_000n } } };
const reviewDeps = { node: fakeNode(chain), descriptors: async () => descriptors, now: () => NOW };

const record = (extra: Partial<BatchRecord>): BatchRecord => ({
  id: 'b', origin: 'https://app.example', chainId: MAINNET.chainId, from: SIGNER as Hex, atomic: false, upgrade: false,
  calls: [APPROVE], gasLimits: ['0x10000'], state: 'sent', transactions: [], createdAt: 0, ...extra,
});
/** Activity's services; the node is never asked: Activity reads no chain facts. */
const services = (batch: BatchRecord) => ({ batches: { all: async () => [batch] }, networks: { all: async () => [MAINNET] } }) as unknown as Services;

describe('Activity', () => {
  it('a batch of a Permit2 approve shows as the approval screen worded it: the same intent, rows and dangers', async () => {
    const screen = await reviewCalls(reviewDeps, [APPROVE], SIGNER as Hex, MAINNET);
    expect(screen[0].review?.clear.intent).toBe('Permit2: allow spending of a token');
    const [item] = await activity(services(record(approvedWords(screen))));
    expect(item.calls[0].review).toEqual(screen[0].review);
    expect(item.calls[0].action).toEqual(describeCall(APPROVE).action);
  });

  it('a record approved before the words were kept reads as describeCall words it', async () => {
    const [item] = await activity(services(record({})));
    expect(item.calls).toEqual([describeCall(APPROVE)]);
  });
});
