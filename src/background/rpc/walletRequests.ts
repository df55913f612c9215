/**
 * The wallet's own requests that ask the user: the popup's Speed up, Cancel and "Revert to a plain account". They
 * take the dapps' approval path (queue, window, screen, `approve`), but live in this table, which no page can call:
 * only the popup's handlers (../pages/) ask through `askAsWallet` (spread into `walletMethods`, methods.ts).
 */
import { randomHex } from '../../shared/randomId';
import type { RevokeDelegationDetails } from '../../shared/approvals/delegation';
import type { ReplaceTransactionDetails } from '../../shared/approvals/transaction';
import { delegateOf } from '../../shared/contracts';
import { delegateName } from '../../shared/delegates';
import { invalidParams } from '../../shared/errors';
import { FEE_TIERS, isFeeTier, type FeeTier } from '../../shared/fees';
import type { Hex } from '../../shared/params';
import { revokeDelegation } from '../batches/executors/revokeDelegation';
import { toHexTierFees } from '../batches/fees';
import { followBatch } from '../batches/follow';
import { planReplacement, replaceTransaction } from './lazyReplace';
import { selfTransfer, type ReplaceMode } from '../batches/replace';
import { sendApproved } from '../batches/run';
import { describeCall } from '../calls/describe';
import { recordedCalls } from '../calls/recorded';
import { l1FeeUpperBound } from '../fees/l1DataFee';
import { tierFees, type Fees } from '../fees/tiers';
import type { Using } from '../services';
import { type AccountContext, methodsUsing, type MethodTable, type RequestContext } from './types';

/** The services these methods use. */
type Uses = 'accounts' | 'batches' | 'deviceSigning' | 'bundlerFor' | 'detection' | 'loops' | 'networks' | 'nodeFor' | 'transactionCode' | 'usdcBatchCode' | 'userOperationCode';
const method = methodsUsing<Uses>();

interface ReplaceParams {
  /** The batch's site and id, and the pending transaction's hash. */
  origin: string;
  id: string;
  hash: Hex;
  mode: ReplaceMode;
}

const decimal = (fees: Fees) => ({ maxFeePerGas: fees.maxFeePerGas.toString(), maxPriorityFeePerGas: fees.maxPriorityFeePerGas.toString() });
const perTier = <T>(value: (tier: FeeTier) => T): Record<FeeTier, T> => Object.fromEntries(FEE_TIERS.map((tier) => [tier, value(tier)])) as Record<FeeTier, T>;
const tierAnswer = (raw: unknown): FeeTier => (isFeeTier(raw) ? raw : 'market');

async function prepareReplacement(p: ReplaceParams, { services }: RequestContext<Using<Uses>>): Promise<ReplaceTransactionDetails> {
  const { batch, pending, previous, gasLimit, tiers } = await planReplacement(services, p.origin, p.id, p.hash, p.mode);
  const network = await services.networks.find(batch.chainId);
  // Priced as a speed-up at the dearest tier: a cancel is shorter, a cheaper tier no longer.
  const l1Fee = await l1FeeUpperBound(await services.nodeFor(batch.chainId), network ?? { chainId: batch.chainId, builtIn: false }, async () => [await services.transactionCode.repricedUnsigned(pending.raw, tiers.aggressive)]);
  // A cancel sends none of them; a speed-up signs them into the replacement again, so the screen names them.
  const authorizations = p.mode === 'speedUp' ? await services.transactionCode.signedAuthorizations(pending.raw) : [];
  const cancelCall = await describeCall(selfTransfer(batch.from));
  return {
    mode: p.mode, batchOrigin: p.origin, batchId: p.id, hash: p.hash, nonce: pending.nonce, from: batch.from,
    networkName: network?.name ?? batch.chainId, symbol: network?.nativeCurrency.symbol ?? 'ETH',
    original: {
      calls: pending.cancel ? [cancelCall] : await recordedCalls(batch, pending.calls),
      ...(batch.kind === 'revokeDelegation' || batch.kind === 'revokeDelegationOf' ? { revokeDelegation: true as const } : {}),
      ...(authorizations.length > 0 ? { authorizations } : {}),
      fees: decimal(previous),
    },
    ...(p.mode === 'cancel' ? { cancel: cancelCall } : {}),
    gasLimit: gasLimit.toString(),
    fees: perTier((tier) => decimal(tiers[tier])),
    maxFees: perTier((tier) => (gasLimit * tiers[tier].maxFeePerGas + l1Fee).toString()),
  };
}

/** Plans the revert batch (stored, awaiting approval) and prices each fee tier for the screen. */
async function prepareRevert(_p: unknown, { services, origin, account: from }: AccountContext<Using<Uses>>): Promise<RevokeDelegationDetails> {
  const network = await services.networks.selected();
  const node = await services.nodeFor(network.chainId);
  const delegate = delegateOf(await node<Hex>('eth_getCode', [from, 'pending']));
  if (!delegate) throw invalidParams(`${from} has no EIP-7702 delegation on ${network.name}`);
  const draft = { id: randomHex(32), origin, from, calls: [selfTransfer(from)] };
  const [planned, tiers] = await Promise.all([revokeDelegation.plan({ node, network, upgraded: true }, draft), tierFees(node, network.chainId)]);
  await services.batches.add({ ...planned, feeCaps: toHexTierFees(tiers) });
  const gas = BigInt(revokeDelegation.gasLimit);
  const l1Fee = await l1FeeUpperBound(node, network, () => services.transactionCode.unsignedTransactions(planned, tiers.aggressive));
  const name = delegateName(delegate);
  return {
    batchId: draft.id, from, chainId: network.chainId, networkName: network.name, symbol: network.nativeCurrency.symbol,
    delegate, ...(name ? { delegateName: name } : {}), gasLimit: gas.toString(),
    maxFees: perTier((tier) => (gas * tiers[tier].maxFeePerGas + l1Fee).toString()),
  };
}

export const walletRequestMethods: MethodTable = {
  replaceTransaction: method({
    // Parsed by the popup's own entry (../pages/methods.ts), the only caller.
    parse: (params) => params as ReplaceParams,
    auth: 'account',
    approval: {
      type: 'replaceTransaction',
      prepare: prepareReplacement,
      answer: tierAnswer,
      async approve({ id, details }, tier, services) {
        const fee = details.fees[tier];
        const fees = { maxFeePerGas: BigInt(fee.maxFeePerGas), maxPriorityFeePerGas: BigInt(fee.maxPriorityFeePerGas) };
        // A Ledger account's replacement was signed on the device (ownDevicePayloads.ts) and checked: one signature, the check refuses a list.
        const signed = (await services.deviceSigning.signatureFor(id, details.from)) as Hex | undefined;
        const hash = await replaceTransaction(services, details.batchOrigin, details.batchId, details.hash, details.mode, fees, BigInt(details.gasLimit), signed);
        void followBatch(services, details.batchOrigin, details.batchId);
        return hash;
      },
      batchOf: ({ batchOrigin, batchId, hash, mode, gasLimit }) => ({ origin: batchOrigin, id: batchId, replacing: { hash, mode, gasLimit } }),
    },
  }),
  revokeDelegation: method({
    parse: () => ({}),
    auth: 'account',
    approval: {
      type: 'revokeDelegation',
      prepare: prepareRevert,
      answer: tierAnswer,
      // A Ledger account's revocation was placed as the batch's once the device signed it (deviceSigning/ placeOwn).
      approve: ({ origin, details }, feeTier, services) => sendApproved(services, origin, details.batchId, { feeTier }),
      release: (details, origin, services) => services.batches.remove(origin, details.batchId),
      batchOf: (details, origin) => ({ origin, id: details.batchId }),
    },
  }),
};
