/**
 * A sponsored batch: the account's batch call (../delegates.ts) as one EntryPoint v0.8 UserOperation of the EIP-7702 account, its gas paid
 * by an ERC-7677 paymaster, submitted through the chain's bundler. An account not yet delegated is upgraded by the
 * same userOp (eip7702Auth). Before the approval only the stub is asked (who sponsors); after it: fresh stub →
 * bundler estimate → final paymaster data → sign → send. Nothing is signed with the account key before the user
 * approved, and nothing is sent when the paymaster fails or names another paymaster than the approved stub's. Once
 * sent it is followed on the chain (the user's node), never on the bundler's word (`look`).
 */
import { toQuantity, type BaseWallet } from 'ethers';
import { ENTRY_POINT_V08 } from '../../../shared/contracts';
import { EIP7702_FACTORY, STUB_SIGNATURE, userOperationHash, type PaymasterFields, type RpcEip7702Auth, type RpcUserOperation } from '../../../shared/erc4337';
import { PaymasterErrorCode, RpcError } from '../../../shared/errors';
import type { Hex } from '../../../shared/params';
import { abiInterface } from '../../abi/abiInterface';
import type { ChainNode } from '../../networks/rpcClient';
import { getPaymasterData, getPaymasterStubData } from '../../paymaster/client';
import { dummyAuthorization, signedAuthorization } from '../../paymaster/userOperation';
import { delegateOfBatch } from '../delegates';
import { withSuffix } from '../encoding';
import { suggestFees } from '../../fees/tiers';
import type { BatchRecord, SentUserOperation } from '../types';
import { planned, type BatchDeps, type Executor } from './executor';
import { DROP_AFTER_BLOCKS, FINAL_CONFIRMATIONS } from '../status';
import { bundlerError } from './bundlerErrors';
import { unclear } from './nodeAnswers';
import { nonceUsed, receiptOnChain } from './userOperationOnChain';

const ENTRY_POINT = abiInterface(['function getNonce(address sender, uint192 key) view returns (uint256)']);

/** What a userOp is drafted from: the batch as planned (or being planned). */
type DraftShape = Pick<BatchRecord, 'from' | 'calls' | 'upgrade'> & Partial<Pick<BatchRecord, 'delegate' | 'dataSuffix'>>;

/** The userOp before gas and paymaster fields; `authorization` is a real one after approval, a dummy before. */
async function draftOperation(node: ChainNode, chainId: Hex, batch: DraftShape, authorization?: RpcEip7702Auth): Promise<RpcUserOperation> {
  const { from, calls, dataSuffix } = batch;
  const [nonce, fees] = await Promise.all([
    ENTRY_POINT().then((entryPoint) => node<Hex>('eth_call', [{ to: ENTRY_POINT_V08, data: entryPoint.encodeFunctionData('getNonce', [from, 0]) }, 'pending'])),
    suggestFees(node, chainId),
  ]);
  return {
    sender: from,
    nonce: toQuantity(BigInt(nonce)) as Hex,
    ...(authorization ? { factory: EIP7702_FACTORY, factoryData: '0x', eip7702Auth: authorization } : {}),
    callData: withSuffix(await delegateOfBatch(batch).encodeBatch(calls), dataSuffix),
    callGasLimit: '0x0',
    verificationGasLimit: '0x0',
    preVerificationGas: '0x0',
    maxFeePerGas: toQuantity(fees.maxFeePerGas) as Hex,
    maxPriorityFeePerGas: toQuantity(fees.maxPriorityFeePerGas) as Hex,
    signature: STUB_SIGNATURE,
  };
}

/** The delegation nonce: the account's own, since the bundler (not the account) sends the transaction. */
const accountNonce = async (node: ChainNode, from: Hex): Promise<number> => Number(await node<Hex>('eth_getTransactionCount', [from, 'pending']));

/**
 * The service's paymaster must be the one of the stub the user approved: another contract could take other terms
 * (an ERC-20 paymaster charging the account), which the screen never showed.
 */
function pinnedPaymaster<F extends PaymasterFields>(fields: F, approved: Hex | undefined, method: string): F {
  if (approved && fields.paymaster.toLowerCase() === approved.toLowerCase()) return fields;
  throw new RpcError(PaymasterErrorCode.serviceError, 'Paymaster service error', {
    message: `${method}: the paymaster ${fields.paymaster} is not the approved ${approved ?? '(none)'}; nothing was signed or sent`,
  });
}

/** After the approval: the signed userOp, ready to send (stored by the caller first). */
async function build(node: ChainNode, bundler: ChainNode, wallet: BaseWallet, batch: BatchRecord): Promise<SentUserOperation> {
  const { sponsor, chainId, from } = batch;
  if (!sponsor) throw new Error('not a sponsored batch');
  const fromBlock = Number(await node<Hex>('eth_blockNumber'));
  const authorization = batch.upgrade ? await signedAuthorization(wallet, chainId, await accountNonce(node, from)) : undefined;
  let op = await draftOperation(node, chainId, batch, authorization);
  const { sponsor: _who, isFinal, ...stubFields } = await getPaymasterStubData(sponsor.url, op, chainId, sponsor.context);
  op = { ...op, ...pinnedPaymaster(stubFields, sponsor.paymaster, 'pm_getPaymasterStubData') };
  const gas = await bundler<Pick<RpcUserOperation, 'callGasLimit' | 'verificationGasLimit' | 'preVerificationGas'>>('eth_estimateUserOperationGas', [op, ENTRY_POINT_V08]).catch((error: unknown) => {
    throw bundlerError(error);
  });
  op = { ...op, callGasLimit: gas.callGasLimit, verificationGasLimit: gas.verificationGasLimit, preVerificationGas: gas.preVerificationGas };
  // The final data is signed over the gas values; a stub marked final already is.
  if (!isFinal) op = { ...op, ...pinnedPaymaster(await getPaymasterData(sponsor.url, op, chainId, sponsor.context), sponsor.paymaster, 'pm_getPaymasterData') };
  const signed = delegateOfBatch(batch).signUserOperation(op, chainId, wallet);
  return { op: signed, hash: userOperationHash(signed, chainId), sent: false, fromBlock };
}

/** Sends (or, after a restart, resends) the stored userOp; a bundler that already has it, or that did not answer, may hold it. */
async function submit(bundler: ChainNode, sent: SentUserOperation): Promise<void> {
  try {
    await bundler('eth_sendUserOperation', [sent.op, ENTRY_POINT_V08]);
  } catch (error) {
    if (unclear(error)) return;
    if (/already known|already in mempool|AA25|nonce/i.test((error as Error).message)) {
      const known = await bundler('eth_getUserOperationByHash', [sent.hash]).catch(() => null);
      if (known) return;
    }
    throw bundlerError(error);
  }
}

/** What Activity shows of a bundler's refusal of the signed userOp. */
function refusalWords(error: unknown): string {
  const detail = error instanceof RpcError ? (error.data as { message?: unknown } | undefined)?.message : undefined;
  const words = typeof detail === 'string' ? `${(error as Error).message}: ${detail}` : (error as Error).message;
  return `The bundler refused the user operation (${words}); it can still run until its nonce is used: Cancel in Activity uses it`;
}

/** Records sent before the wallet noted `fromBlock` are looked for this far back (the spec's eth_getLogs range: under 2,000). */
const SEARCH_BACK_BLOCKS = 1_000;

/**
 * Hands the userOp again to a bundler that says it does not have it (it lost or refused it), once every
 * DROP_AFTER_BLOCKS blocks; what the bundler answers changes nothing.
 */
async function handAgain(bundler: () => Promise<ChainNode>, sent: SentUserOperation, head: number): Promise<SentUserOperation> {
  if (sent.handedAt !== undefined && head - sent.handedAt < DROP_AFTER_BLOCKS) return sent;
  const to = await bundler().catch(() => undefined);
  if (to && !(await to('eth_getUserOperationByHash', [sent.hash]).catch(() => null))) await submit(to, sent).catch(() => undefined);
  return { ...sent, handedAt: head };
}

/**
 * One look at the chain (the user's node, at block `head`). While the account's EntryPoint nonce is unused the userOp
 * has not run and still can, so it is pending whatever a bundler says: reporting it failed would let a bundler that
 * holds it make the user retry and then land both. Once the nonce is used, the UserOperationEvent for its hash gives
 * its receipt (re-checked until final); without one, something else used the nonce, and it is dropped once that has
 * stood DROP_AFTER_BLOCKS blocks.
 */
async function look(chain: ChainNode, bundler: () => Promise<ChainNode>, sent: SentUserOperation, head: number): Promise<SentUserOperation> {
  const { receipt: _seen, final: _final, missingSince, ...waiting } = sent;
  if (!(await nonceUsed(chain, sent.op, head))) return handAgain(bundler, waiting, head);
  const receipt = await receiptOnChain(chain, sent.hash, sent.fromBlock ?? Math.max(0, head - SEARCH_BACK_BLOCKS), head);
  if (receipt) return { ...waiting, receipt, final: head - Number(receipt.blockNumber) >= FINAL_CONFIRMATIONS };
  const since = missingSince ?? head;
  return head - since >= DROP_AFTER_BLOCKS ? { ...waiting, dropped: true } : { ...waiting, missingSince: since };
}

export const sponsored: Executor = {
  /** Asks the service whether it sponsors this batch, and who it is (4300 if it fails). */
  async plan({ node, network, upgraded, delegate, sponsorship }, draft) {
    if (!sponsorship) throw new Error('a sponsored batch needs its paymaster service');
    const shape = { ...draft, upgrade: !upgraded, ...(upgraded && delegate ? { delegate } : {}) };
    const authorization = upgraded ? undefined : dummyAuthorization(network.chainId, await accountNonce(node, draft.from));
    const stub = await getPaymasterStubData(sponsorship.url, await draftOperation(node, network.chainId, shape, authorization), network.chainId, sponsorship.context);
    return planned(draft, network, {
      executor: 'sponsored', atomic: true, upgrade: shape.upgrade, ...(shape.delegate ? { delegate: shape.delegate } : {}), gasLimits: [],
      sponsor: { ...sponsorship, paymaster: stub.paymaster, ...(stub.sponsor ? { name: stub.sponsor.name, icon: stub.sponsor.icon } : {}) },
    });
  },

  async send(deps: BatchDeps, batch) {
    const bundler = await deps.bundlerFor(batch.chainId, batch.sponsor);
    if (!batch.userOperation) {
      const [node, wallet] = await Promise.all([deps.nodeFor(batch.chainId), deps.accounts.signer(batch.from)]);
      const built = await build(node, bundler, wallet, batch);
      batch = await deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sending', userOperation: built }));
    }
    // Marked first, as transactions are: once it may have left, it is only ever sent again as it is. A refusal is the
    // bundler's word too: it may keep the signed userOp and submit it later, so the batch is followed like any sent one
    // (pending until its EntryPoint nonce is used), the refusal shown with it, and never answered as failed.
    let refusal: string | undefined;
    if (!batch.userOperation!.sent) {
      await deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, userOperation: { ...b.userOperation!, sent: true } }));
      refusal = await submit(bundler, batch.userOperation!).then(() => undefined, refusalWords);
    }
    return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, state: 'sent', ...(refusal ? { error: refusal } : {}) }));
  },

  /** Follows the userOp on the chain alone (see `look`): the bundler is only handed it again, never asked what became of it. */
  async refresh(deps, batch, node) {
    const sent = batch.userOperation;
    if (!sent?.sent || sent.final || sent.dropped) return batch;
    const chain = node ?? (await deps.nodeFor(batch.chainId));
    const head = Number(await chain<Hex>('eth_blockNumber'));
    const next = await look(chain, () => deps.bundlerFor(batch.chainId, batch.sponsor), sent, head);
    if (JSON.stringify(next) === JSON.stringify(sent)) return batch;
    return deps.batches.update(batch.origin, batch.id, (b) => ({ ...b, userOperation: next }));
  },
};
