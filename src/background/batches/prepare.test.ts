import { AbiCoder, Interface, Transaction } from 'ethers';
import { Attribution } from 'ox/erc8021';
import { beforeEach, describe, expect, it } from 'vitest';
import { DELEGATOR_V08, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import { LOCAL_DEVNET, type Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import { parseDataSuffix } from '../../shared/schemas/dataSuffix';
import { rejectionOf } from '../../shared/schemas/errorOf';
import { deriveWallet } from '../accounts/keys';
import { createSealer, memoryKeyStore } from '../storage/seal';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import type { BatchDeps, BatchDraft } from './executors/executor';
import { prepareBatch } from './prepare';
import { runBatch } from './run';
import { createBatchStore } from './store';
import { BATCHES_DEFAULTS, type BatchCall } from './types';

const MNEMONIC = 'test test test test test test test test test test test junk';
const FROM: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const TOKEN: Hex = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const PLAIN: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const NETWORK: Network = { chainId: '0x7a69', name: 'Test chain', rpcUrls: ['https://rpc.example'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, builtIn: false, eip7702: true, entryPointV08: true, fastBlocks: false };
const SUFFIX = parseDataSuffix({ value: Attribution.toDataSuffix({ codes: ['bc_test'] }) })!;
const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);
const TRANSFER = ERC20.encodeFunctionData('transfer', [PLAIN, 7n]) as Hex;

/** A chain where TOKEN has code, PLAIN has none, and the account is `accountCode`; it keeps what is sent. */
function fakeNode(accountCode: string) {
  const sent: Transaction[] = [];
  const code: Record<string, string> = { [TOKEN.toLowerCase()]: '0x6080', [PLAIN.toLowerCase()]: '0x', [FROM.toLowerCase()]: accountCode };
  const node = async <T>(method: string, params: unknown[] = []): Promise<T> => {
    switch (method) {
      case 'eth_getCode': return code[String(params[0]).toLowerCase()] as T;
      case 'eth_estimateGas': return '0x10000' as T;
      case 'eth_getTransactionCount': return '0x0' as T;
      case 'eth_getBlockByNumber': return { baseFeePerGas: '0x1' } as T;
      case 'eth_maxPriorityFeePerGas': return '0x1' as T;
      case 'eth_getTransactionByHash': case 'eth_getTransactionReceipt': return null as T;
      case 'eth_sendRawTransaction':
        sent.push(Transaction.from(params[0] as string));
        return sent.at(-1)!.hash as T;
    }
    throw new Error(`unexpected ${method}`);
  };
  return { node, sent };
}

async function planAndSend(calls: BatchCall[], atomicRequired: boolean, accountCode = '0x', worded = async (_index: number) => true) {
  const { node, sent } = fakeNode(accountCode);
  const planned = await prepareBatch(node, NETWORK, { id: 'b', origin: 'https://dapp.example', from: FROM, calls }, { atomicRequired, capabilities: {} }, true, { suffix: SUFFIX, worded });
  const batches = createBatchStore(typedStorage(memoryBackend(), BATCHES_DEFAULTS), createSealer(memoryKeyStore()));
  await batches.add({ ...planned, state: 'approved' });
  const deps = {
    batches,
    accounts: { signer: async () => deriveWallet(MNEMONIC, 0) },
    networks: { markWithoutEip7702: async () => undefined, sendsSync: async () => false, markWithoutSyncSend: async () => undefined },
    nodeFor: async () => node,
    bundlerFor: async () => node,
    // Following sent batches is tested in follow.test.ts.
    loops: { watch: () => () => undefined },
    detection: { stored: async () => undefined },
  } as unknown as BatchDeps;
  await runBatch(deps, 'https://dapp.example', 'b');
  return { planned, sent };
}

describe('prepareBatch with an ERC-8021 suffix', () => {
  // The audit's proof: appended to a call with no data, the suffix would be that call's data.
  it('never appends it to a call into a contract that has no data (sequential)', async () => {
    const { planned, sent } = await planAndSend([{ to: TOKEN, value: '0x0', data: '0x' }, { to: PLAIN, value: '0x1', data: '0x' }, { to: TOKEN, value: '0x0', data: TRANSFER }], false);
    expect(sent.map((tx) => tx.data)).toEqual(['0x', SUFFIX.value, `${TRANSFER}${SUFFIX.value.slice(2)}`]);
    // The record keeps each call as the contract executes it, the attribution beside the calls that carry it.
    expect(planned.calls.map((c) => [c.data, c.suffix])).toEqual([['0x', undefined], ['0x', SUFFIX.value], [TRANSFER, SUFFIX.value]]);
  });

  it('never appends it to data the screen does not word as a function: its arguments may end only inside the attribution (sequential)', async () => {
    const cut = TRANSFER.slice(0, 10 + 24) as Hex;
    const { planned, sent } = await planAndSend([{ to: TOKEN, value: '0x0', data: cut }, { to: TOKEN, value: '0x0', data: TRANSFER }], false, '0x', async (i) => i === 1);
    expect(planned.calls.map((c) => c.suffix)).toEqual([undefined, SUFFIX.value]);
    expect(sent.map((tx) => tx.data)).toEqual([cut, `${TRANSFER}${SUFFIX.value.slice(2)}`]);
  });

  it('never appends it to a transfer to the account itself', async () => {
    const { planned, sent } = await planAndSend([{ to: FROM, value: '0x1', data: '0x' }], false);
    expect(planned.calls[0].suffix).toBeUndefined();
    expect(sent[0].data).toBe('0x');
  });

  it('puts it after the atomic transaction’s calldata, leaving every call as asked', async () => {
    const calls: BatchCall[] = [{ to: TOKEN, value: '0x0', data: '0x' }, { to: TOKEN, value: '0x0', data: TRANSFER }];
    const { planned, sent } = await planAndSend(calls, true, delegationCode(SIMPLE_7702_ACCOUNT));
    expect(planned.calls).toEqual(calls);
    expect(planned.dataSuffix).toBe(SUFFIX.value);
    expect(sent).toHaveLength(1);
    expect(sent[0].to).toBe(FROM);
    expect(sent[0].data.endsWith(SUFFIX.value.slice(2))).toBe(true);
    const account = new Interface(['function executeBatch((address target, uint256 value, bytes data)[] calls)']);
    const [inner] = account.decodeFunctionData('executeBatch', sent[0].data);
    expect(inner.map((c: [string, bigint, string]) => c[2])).toEqual(['0x', TRANSFER]);
  });
});

describe('prepareBatch for an account delegated to the DeleGator', () => {
  const calls: BatchCall[] = [{ to: TOKEN, value: '0x0', data: TRANSFER }, { to: PLAIN, value: '0x1', data: '0x' }];
  const execute = new Interface(['function execute(bytes32 mode, bytes executionCalldata)']);

  it.each([true, false])('runs the batch atomically (atomicRequired %s) as one ordinary transaction calling its ERC-7821 execute in batch mode, the suffix after it', async (atomicRequired) => {
    const { planned, sent } = await planAndSend(calls, atomicRequired, delegationCode(DELEGATOR_V08));
    expect(planned).toMatchObject({ executor: 'atomic', upgrade: false, delegate: 'deleGator' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ type: 2, to: FROM });
    expect(sent[0].data.endsWith(SUFFIX.value.slice(2))).toBe(true);
    const [mode, executionCalldata] = execute.decodeFunctionData('execute', sent[0].data);
    expect(mode).toBe(`0x01${'00'.repeat(31)}`);
    const [executions] = AbiCoder.defaultAbiCoder().decode(['(address,uint256,bytes)[]'], executionCalldata);
    expect(executions.map((c: unknown[]) => [...c])).toEqual([[TOKEN, 0n, TRANSFER], [PLAIN, 1n, '0x']]);
  });

  it('refuses an atomic batch (5760) for an account delegated to any other contract', async () => {
    const error = await rejectionOf(() => planAndSend(calls, true, delegationCode('0x000000000000000000000000000000000000bad1')));
    expect(error).toMatchObject({ code: 5760 });
  });
});

const draft: BatchDraft = { id: '0x01', origin: 'https://dapp.example', from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', calls: [] };
const asked: string[] = [];
const node = async <T>(method: string): Promise<T> => {
  asked.push(method);
  throw new Error('the node is not asked in these tests');
};
beforeEach(() => void (asked.length = 0));
const sponsoredBy = (url: string) => ({ atomicRequired: false, capabilities: { paymasterService: { url } } });

describe('a paymaster on this machine', () => {
  it('is refused (4200) outside the devnet build, even on the local devnet network, before the node is asked', async () => {
    const error = await rejectionOf(() => prepareBatch(node, LOCAL_DEVNET, draft, sponsoredBy('http://127.0.0.1:3000/rpc'), false));
    expect(error).toMatchObject({ code: 4200, message: 'Invalid paymaster URL: http://127.0.0.1:3000/rpc names a loopback host; a paymaster service must be public' });
    expect(asked).toEqual([]);
  });

  it('is allowed in the devnet build (the planning goes on to ask the node)', async () => {
    await expect(prepareBatch(node, LOCAL_DEVNET, draft, sponsoredBy('http://127.0.0.1:3000/rpc'), true)).rejects.toThrow('the node is not asked in these tests');
    expect(asked).toEqual(['eth_getCode']);
  });
});
