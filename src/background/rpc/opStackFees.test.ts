/**
 * The fee a transaction's screen shows is what the user can really pay at most: each tier's max fee × gas limit,
 * plus on OP-stack chains the L1 data fee's upper bound (the GasPriceOracle predeploy's) with room for Ethereum's fees
 * to double before inclusion, which the screen's balance check then counts too.
 */
import { id } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { LOCAL_DEVNET, PRODUCTION_NETWORKS, type Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { createBatchStore } from '../batches/store';
import { BATCHES_DEFAULTS } from '../batches/types';
import { describeCall, type CallInput } from '../calls/describe';
import { lazyTransactionCode } from '../batches/lazyTransactionCode';
import { lazyUsdcBatchCode } from '../batches/lazyUsdcBatchCode';
import { lazyUserOperationCode } from '../batches/lazyUserOperationCode';
import { lazyAllowanceCode } from '../allowances/lazyAllowanceCode';
import { SIGNED_GRANTS_DEFAULTS, createSignedGrants } from '../allowances/signedGrants';
import { loadLater } from '../loadLater';
import type { Services } from '../services';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { askAsWallet } from './pipeline';

const WALLET = 'chrome-extension://wallet';
const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TO: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const ORACLE = '0x420000000000000000000000000000000000000f';
const UPPER_BOUND = id('getL1FeeUpperBound(uint256)').slice(0, 10);
const GWEI = 1_000_000_000n;
/** The oracle's bound, and the L1 fee the screen counts: that bound with room to double before inclusion. */
const ORACLE_L1_FEE = 7n * 10n ** 12n;
const L1_FEE = 2n * ORACLE_L1_FEE;
const BASE = PRODUCTION_NETWORKS.find((n) => n.chainId === '0x2105')!;
const replyTo = { tabId: -1, frameId: 0, origin: WALLET, requestId: '' };

/** A chain with base fee 1 gwei, tip 1 gwei, 21000 gas a call, and an oracle bounding any transaction's L1 fee at ORACLE_L1_FEE. */
function setup(network: Network, oracleCode: Hex = '0x') {
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    switch (method) {
      case 'eth_getCode': return (String(params[0]).toLowerCase() === ORACLE ? oracleCode : '0x') as T;
      case 'eth_estimateGas': return '0x5208' as T;
      case 'eth_feeHistory': return { baseFeePerGas: ['0x3b9aca00', '0x3b9aca00'], gasUsedRatio: [0], reward: [['0x0', '0x0', '0x0']] } as T;
      case 'eth_maxPriorityFeePerGas': return '0x3b9aca00' as T;
      case 'eth_getBalance': return '0xde0b6b3a7640000' as T;
      case 'eth_call': {
        const { to, data } = params[0] as { to: string; data: string };
        if (to.toLowerCase() === ORACLE && data.startsWith(UPPER_BOUND)) return `0x${ORACLE_L1_FEE.toString(16)}` as T;
        break;
      }
    }
    throw new Error(`unexpected ${method}`);
  };
  const requested: unknown[] = [];
  const services = {
    batches: createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore())),
    accounts: { list: async () => [{ address: FROM, index: 0, name: 'Account 1' }], ledgerPath: async () => undefined },
    networks: { selected: async () => network },
    nodeFor: async () => node,
    previews: { of: () => undefined },
    // Words need no descriptor here: the calls are plain transfers.
    reviewCalls: async (calls: CallInput[]) => Promise.all(calls.map(describeCall)),
    transactionCode: lazyTransactionCode(loadLater),
    usdcBatchCode: lazyUsdcBatchCode(loadLater),
    userOperationCode: lazyUserOperationCode(loadLater),
    allowanceCode: lazyAllowanceCode(loadLater),
    signedGrants: createSignedGrants(typedStorage(memoryBackend(), SIGNED_GRANTS_DEFAULTS), createSealer(memoryKeyStore())),
    approvals: { earlier: async () => undefined, request: async (_type: string, _from: unknown, details: unknown) => (requested.push(details), { id: 'queued' }) },
  } as unknown as Services;
  const ask = (method: string, params: unknown) => askAsWallet(method, params, { origin: WALLET, method, services, account: FROM, replyTo });
  return { ask, requested };
}

/** The 21000 estimated with the wallet's 20% headroom. */
const GAS = 25_200n;
/** Per tier, gas at (base fee + tip/2) low, (2 × base fee + tip) market, (3 × base fee + 2 × tip) aggressive. */
const L2 = { low: GAS * (GWEI + GWEI / 2n), market: GAS * 3n * GWEI, aggressive: GAS * 5n * GWEI };

describe('the fee shown for a transaction', () => {
  it('on Base is each tier’s max fee × gas limit plus the L1 data fee’s upper bound', async () => {
    const { ask, requested } = setup(BASE);
    await ask('eth_sendTransaction', [{ from: FROM, to: TO, value: '0x1' }]);
    const details = requested[0] as SendTransactionDetails;
    expect(details.maxFees).toEqual({ low: String(L2.low + L1_FEE), market: String(L2.market + L1_FEE), aggressive: String(L2.aggressive + L1_FEE) });
    expect(details.l1Fee).toBe(String(L1_FEE));
  });

  it('off the OP stack is the max fee × gas limit alone', async () => {
    const { ask, requested } = setup(LOCAL_DEVNET, '0x6080');
    await ask('eth_sendTransaction', [{ from: FROM, to: TO, value: '0x1' }]);
    const details = requested[0] as SendTransactionDetails;
    expect(details.maxFees).toEqual({ low: String(L2.low), market: String(L2.market), aggressive: String(L2.aggressive) });
    expect(details.l1Fee).toBeUndefined();
  });

  it('for a batch on a network a site added, whose GasPriceOracle predeploy has code, includes the L1 data fee', async () => {
    const added: Network = { ...LOCAL_DEVNET, chainId: '0x7a6b', name: 'Added OP chain', builtIn: false };
    const { ask, requested } = setup(added, '0x6080');
    await ask('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a6b', from: FROM, atomicRequired: false, calls: [{ to: TO, value: '0x1' }, { to: TO, value: '0x2' }] }]);
    const details = requested[0] as SendCallsDetails;
    // Two transactions (sequential: the account is not delegated), each with its own L1 data fee.
    expect(details.maxFee).toBe(String(2n * L2.market + 2n * L1_FEE));
    expect(details.l1Fee).toBe(String(2n * L1_FEE));
  });
});
