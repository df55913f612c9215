/** The firewall's revert: only the wallet can ask it, it offers the accounts that can pay, and pays only with one of them. */
import { describe, expect, it } from 'vitest';
import type { RevertForeignDelegationDetails } from '../../shared/approvals/delegation';
import { SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import { LOCAL_DEVNET, LOCAL_DEVNET_CHAIN_ID } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { ApprovalRecord } from '../approvals/types';
import { createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS } from '../batches/types';
import { lazyTransactionCode } from '../batches/lazyTransactionCode';
import { loadLater } from '../loadLater';
import type { Services } from '../services';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { askAsWallet, completeApproval, runRequest } from './pipeline';

const WALLET = 'chrome-extension://wallet';
const A: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const B: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const C: Hex = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
const DRAINER: Hex = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
const METHOD = 'revertForeignDelegation';
const replyTo = { tabId: -1, frameId: 0, origin: WALLET, requestId: '' };

function setup(codeOfA: string, codeOfC = '0x') {
  const balances: Record<string, bigint> = { [A.toLowerCase()]: 0n, [B.toLowerCase()]: 10n ** 17n, [C.toLowerCase()]: 2n * 10n ** 18n };
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    switch (method) {
      case 'eth_getCode': {
        const of = (params[0] as string).toLowerCase();
        return (of === A.toLowerCase() ? codeOfA : of === C.toLowerCase() ? codeOfC : '0x') as T;
      }
      case 'eth_getBalance': return `0x${balances[(params[0] as string).toLowerCase()].toString(16)}` as T;
      case 'eth_getBlockByNumber': return { baseFeePerGas: '0x3b9aca00' } as T;
      case 'eth_maxPriorityFeePerGas': return '0x3b9aca00' as T;
    }
    throw new Error(`unexpected ${method}`);
  };
  const requested: { type: string; details: unknown }[] = [];
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  const services = {
    batches,
    accounts: { list: async () => [A, B, C].map((address, index) => ({ address, index, name: `Account ${index + 1}` })) },
    networks: { selected: async () => LOCAL_DEVNET },
    nodeFor: async () => node,
    transactionCode: lazyTransactionCode(loadLater),
    approvals: { earlier: async () => undefined, request: async (type: string, _from: unknown, details: unknown) => (requested.push({ type, details }), { id: 'queued' }) },
  } as unknown as Services;
  const ask = () => askAsWallet(METHOD, { account: A }, { origin: WALLET, method: METHOD, services, account: A, replyTo });
  return { services, requested, ask, batches, balances };
}

describe('the firewall’s revert', () => {
  it('is not a method a page can call', async () => {
    const { services, requested } = setup(delegationCode(DRAINER));
    const answer = await runRequest({ method: METHOD, params: { account: A } }, { origin: 'https://dapp.example', method: METHOD, replyTo, services });
    expect(answer).toMatchObject({ error: { code: 4200 } });
    expect(requested).toEqual([]);
  });

  it('offers the accounts that can pay, most ETH first, and plans the transaction from the first', async () => {
    const { ask, requested, batches } = setup(delegationCode(DRAINER));
    await ask();
    expect(requested[0].type).toBe('revertForeignDelegation');
    const details = requested[0].details as RevertForeignDelegationDetails;
    expect(details).toMatchObject({ account: A, delegate: DRAINER, chainId: LOCAL_DEVNET_CHAIN_ID });
    // A holds nothing; B and C can pay, C more.
    expect(details.payers.map((p) => p.address)).toEqual([C, B]);
    const batch = await batches.get(WALLET, details.batchId);
    expect(batch).toMatchObject({ kind: 'revokeDelegationOf', from: C, authority: A, state: 'awaiting-approval', transactions: [] });
  });

  it('leaves out an account that delegates to another contract itself: the transaction calls its payer', async () => {
    const { ask, requested } = setup(delegationCode(DRAINER), delegationCode(DRAINER));
    await ask();
    expect((requested[0].details as RevertForeignDelegationDetails).payers.map((p) => p.address)).toEqual([B]);
  });

  it('leaves out an account that cannot pay the fee cap, and says so when none can', async () => {
    const { ask, balances } = setup(delegationCode(DRAINER));
    balances[B.toLowerCase()] = 1n;
    balances[C.toLowerCase()] = 0n;
    await expect(ask()).rejects.toMatchObject({ message: /No account of this wallet holds/ });
  });

  it('refuses an account that is plain or delegates to Simple7702Account', async () => {
    await expect(setup('0x').ask()).rejects.toMatchObject({ code: -32602 });
    await expect(setup(delegationCode(SIMPLE_7702_ACCOUNT)).ask()).rejects.toMatchObject({ code: -32602 });
  });

  it('pays only with an account the screen offered', async () => {
    const { ask, requested, services, batches } = setup(delegationCode(DRAINER));
    await ask();
    const details = requested[0].details as RevertForeignDelegationDetails;
    const record = { type: 'revertForeignDelegation', method: METHOD, origin: WALLET, replyTo: { tabId: -1, frameId: 0, origin: WALLET, requestId: '' }, details } as ApprovalRecord;
    expect(await completeApproval(services, record, { approved: true, answer: A })).toMatchObject({ error: { message: expect.stringMatching(/not one of the accounts the screen offered/) } });
    expect((await batches.get(WALLET, details.batchId))?.state).toBe('awaiting-approval');
  });
});
