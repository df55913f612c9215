/**
 * The popup's Send: a quote (gas, each fee tier's fees, whether the recipient is a contract, a fee in USDC or why not)
 * and the transaction itself, which goes through the very eth_sendTransaction entry a dapp's does: same parse, same
 * approval screen, same batch record and Activity entry; with a fee in USDC, the wallet_sendCalls entry instead. The wallet is the requester, so its own origin is the "site". Activity's Speed up
 * and Cancel are asked here too, each reviewed in the approval window before anything is signed.
 */
import { browser } from '../browser/extensionApi';
import { invalidParams } from '../../shared/errors';
import type { FeeTier } from '../../shared/fees';
import type { Network } from '../../shared/networks';
import type { PopupTransaction, SendQuote, SendUsdcQuote } from '../../shared/send';
import { address, data, hash32, quantity, type Hex } from '../../shared/params';
import { callGas } from '../batches/executors/gas';
import { bundlerUrlOf } from '../batches/sponsorship';
import { userOperationCancel } from '../batches/cancelUserOperation';
import { toHexTierFees } from '../batches/fees';
import { followBatch } from '../batches/follow';
import { l1FeeUpperBound } from '../fees/l1DataFee';
import { tierFees } from '../fees/tiers';
import type { BatchCall } from '../batches/types';
import type { ChainNode } from '../networks/rpcClient';
import { askAsWallet } from '../rpc/pipeline';
import type { Services } from '../services';
import { fields, popupTransaction, text } from './params';
import type { PageFamily } from './types';

/** The services these pages use: all, as a request they ask as the wallet (askAsWallet) runs through the pipeline. */
type Uses = keyof Services;

/** The extension's own origin: the popup's requests are recorded and shown as the wallet's. */
const walletOrigin = (): string => new URL(browser.runtime.getURL('')).origin;

/** The account the popup acts with: the selected one. */
export async function selectedSender(services: Services): Promise<Hex> {
  const from = (await services.accounts.selected()) ?? (await services.accounts.list())[0]?.address;
  if (!from) throw new Error('The wallet has no account yet');
  return from;
}

/**
 * A fee in USDC for the Send (the later script's ../batches/usdcSendQuote.ts: quoted, or why not), through the bundler
 * wallet_sendCalls would plan with (rpc/batches.ts feePlanning): the user's for the network, else the public one.
 */
async function usdcQuote(services: Services, node: ChainNode, network: Network, from: Hex, call: BatchCall): Promise<SendUsdcQuote> {
  const url = bundlerUrlOf(network, undefined);
  const bundler = url ? { node: () => services.bundlerFor(network.chainId), host: new URL(url).host } : undefined;
  const ledger = Boolean(await services.accounts.ledgerPath(from));
  return services.usdcBatchCode.usdcSendQuote(node, { network, origin: walletOrigin(), from, call, ledger, fees: { bundler, code: services.usdcBatchCode } })
    // No words here, where every byte is the worker's first script's: only the later script's load fails here, which the
    // screen tells by the missing words and says in its own sentence (ui/popup/send/feePayment.ts).
    .catch((error: unknown) => ({ offered: false, reason: (error as Error).message }));
}

export async function quoteSend(services: Services, p: { to: Hex; value: Hex; data: Hex; recipient: Hex }): Promise<SendQuote> {
  const [from, network] = await Promise.all([selectedSender(services), services.networks.selected()]);
  const node = await services.nodeFor(network.chainId);
  const call = { to: p.to, value: p.value, data: p.data };
  const [{ gas, warning }, tiers, code, usdc] = await Promise.all([
    callGas(node, from, call),
    tierFees(node, network.chainId),
    node<Hex>('eth_getCode', [p.recipient, 'pending']),
    usdcQuote(services, node, network, from, call),
  ]);
  const transfer = { chainId: network.chainId, from, atomic: false, upgrade: false, calls: [{ to: p.to, value: p.value, data: p.data }], gasLimits: [`0x${gas.toString(16)}` as Hex] };
  const l1Fee = await l1FeeUpperBound(node, network, () => services.transactionCode.unsignedTransactions(transfer, tiers.aggressive));
  return {
    gasLimit: `0x${gas.toString(16)}`,
    ...(l1Fee > 0n ? { l1Fee: `0x${l1Fee.toString(16)}` as Hex } : {}),
    fees: toHexTierFees(tiers) as Record<FeeTier, SendQuote['fees'][FeeTier]>,
    recipientIsContract: code !== '0x',
    ...(warning ? { warning } : {}),
    usdc,
  };
}

/**
 * Queues one of the wallet's own requests for review in the approval window, acting with `account`; the result shows
 * in Activity. No page waits for the reply: tab id -1 reaches no tab (and marks the request as the wallet's).
 */
export async function askUser(services: Services, method: string, params: unknown, account: Hex): Promise<null> {
  const origin = walletOrigin();
  await askAsWallet(method, params, { origin, method, services, account, replyTo: { tabId: -1, frameId: 0, origin, requestId: '' } });
  return null;
}

/**
 * A Send whose fee is paid in USDC: the wallet's own wallet_sendCalls of the one call, atomic (one userOp), with the
 * wallet-only `walletFeeSource` so the review opens on USDC and shows its fee line; no page can ask for that.
 */
export const usdcSendCalls = (from: Hex, chainId: Hex, p: Pick<PopupTransaction, 'to' | 'value' | 'data'>) => [{
  version: '2.0.0', from, chainId, atomicRequired: true, calls: [{ to: p.to, value: p.value, data: p.data }],
  capabilities: { walletFeeSource: { default: 'usdc' } },
}];

/** The fee tier is picked on the review screen, as for a dapp's transaction that sets no fees; a fee in USDC on its own. */
export async function sendFromWallet(services: Services, p: PopupTransaction): Promise<null> {
  const from = await selectedSender(services);
  if (p.feeSource === 'usdc') return askUser(services, 'wallet_sendCalls', usdcSendCalls(from, (await services.networks.selected()).chainId, p), from);
  return askUser(services, 'eth_sendTransaction', [{ from, to: p.to, value: p.value, data: p.data, gas: p.gas }], from);
}

/** Cancel of a pending sponsored batch: its account's transaction that uses the userOp's nonce, reviewed first. */
async function cancelFromWallet(services: Services, p: { origin: string; id: string }): Promise<null> {
  // A record changed outside the wallet is never acted on.
  const batch = await services.batches.get(p.origin, p.id);
  if (!batch) throw invalidParams(`No batch ${p.id} of ${p.origin}`);
  const cancel = await userOperationCancel(batch);
  await askUser(services, 'eth_sendTransaction', [cancel], cancel.from);
  // Followed again (it may have been given up on): once the cancel lands, Activity shows the batch dropped.
  void followBatch(services, batch.origin, batch.id);
  return null;
}

export const sendPages = {
  quoteSend: {
    parse: (params) => {
      const p = fields(params);
      return { to: address(p.to, 'to'), value: quantity(p.value, 'value'), data: data(p.data, 'data'), recipient: address(p.recipient, 'recipient') };
    },
    read: true,
    handle: (p, { services }) => quoteSend(services, p),
  },
  send: { parse: popupTransaction, handle: (p, { services }) => sendFromWallet(services, p) },
  replaceTransaction: {
    parse(params) {
      const p = fields(params);
      if (p.mode !== 'speedUp' && p.mode !== 'cancel') throw invalidParams('mode must be speedUp or cancel');
      return { origin: text(p.origin, 'origin'), id: text(p.id, 'id'), hash: hash32(p.hash, 'hash'), mode: p.mode };
    },
    // Reviewed in the approval window first; the batch's own site and id say which transaction.
    handle: async (p, { services }) => askUser(services, 'replaceTransaction', p, await selectedSender(services)),
  },
  cancelUserOperation: {
    parse: (params) => {
      const p = fields(params);
      return { origin: text(p.origin, 'origin'), id: text(p.id, 'id') };
    },
    // Reviewed in the approval window as the account's own transaction, as the popup's Send is.
    handle: (p, { services }) => cancelFromWallet(services, p),
  },
} satisfies PageFamily<Uses>;
