/**
 * The delegation firewall's "Revert to a plain account", reviewed in the approval window like a dapp's transaction:
 * the account delegating to a contract the wallet did not choose is cleared by a type-4 transaction another of the
 * user's accounts sends and pays (a drained account has no ETH for gas). Only the wallet asks it (askAsWallet, from
 * the banner): it lives in the wallet's own table, which no page's request reaches.
 */
import { randomHex } from '../../shared/randomId';
import type { RevertForeignDelegationDetails } from '../../shared/approvals/delegation';
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import { address, type Hex } from '../../shared/params';
import { revokeDelegation, revokeDelegationOf } from '../batches/executors/revokeDelegation';
import { toHexTierFees } from '../batches/fees';
import { l1FeeUpperBound } from '../fees/l1DataFee';
import { tierFees } from '../fees/tiers';
import { sendApproved } from '../batches/run';
import type { BatchCall } from '../batches/types';
import { classifyCode } from '../firewall/classify';
import type { ChainNode } from '../networks/rpcClient';
import type { Using } from '../services';
import { methodsUsing, type MethodTable, type RequestContext } from './types';
import { formatEther } from '../../shared/units';

/** The services these methods use. */
type Uses = 'accounts' | 'batches' | 'bundlerFor' | 'detection' | 'loops' | 'networks' | 'nodeFor' | 'transactionCode' | 'usdcBatchCode' | 'userOperationCode';
const method = methodsUsing<Uses>();

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The transaction itself moves nothing: a 0-value call from the payer to itself. */
const selfCall = (payer: Hex): BatchCall[] => [{ to: payer, value: '0x0', data: '0x' }];

/**
 * The accounts that can pay `maxFee`, most ETH first. Not one delegating to another contract itself (read on chain,
 * not from storage): the transaction calls its payer, which would run that contract. The account being cleared may
 * pay for itself: its authorization is applied before the call, so the call meets a plain account.
 */
async function payersFor(services: Using<Uses>, node: ChainNode, account: Hex, maxFee: bigint): Promise<RevertForeignDelegationDetails['payers']> {
  const accounts = await services.accounts.list();
  const read = await Promise.all(accounts.map((a) => Promise.all([
    node<Hex>('eth_getBalance', [a.address, 'pending']).then(BigInt),
    node<string>('eth_getCode', [a.address, 'pending']),
  ])));
  return accounts
    .map((a, i) => ({ address: a.address, balance: read[i][0], code: read[i][1], ledger: Boolean(a.ledgerPath) }))
    .filter((p) => p.balance >= maxFee && (same(p.address, account) || classifyCode(p.code, p).kind !== 'foreign'))
    .sort((x, y) => (y.balance > x.balance ? 1 : y.balance < x.balance ? -1 : 0))
    .map((p) => ({ address: p.address, balance: p.balance.toString() }));
}

async function prepare({ account }: { account: Hex }, { services, origin }: RequestContext<Using<Uses>>): Promise<RevertForeignDelegationDetails> {
  const network = await services.networks.selected();
  const own = (await services.accounts.list()).find((a) => same(a.address, account));
  if (!own) throw invalidParams(`${account} is not an account of this wallet`);
  const node = await services.nodeFor(network.chainId);
  const [code, tiers] = await Promise.all([node<string>('eth_getCode', [account, 'pending']), tierFees(node, network.chainId)]);
  const found = classifyCode(code, { ledger: Boolean(own.ledgerPath) });
  if (found.kind !== 'foreign') throw invalidParams(`${account} has no delegation to another contract on ${network.name}: nothing to revert`);
  // The clearing transaction is the same size whoever pays: its L1 data fee (OP stack) is known before the payer.
  const clearing = { chainId: network.chainId, from: account, calls: selfCall(account), gasLimits: [revokeDelegation.gasLimit], atomic: false, upgrade: false, kind: 'revokeDelegationOf' as const };
  const maxFee = BigInt(revokeDelegation.gasLimit) * tiers.market.maxFeePerGas + (await l1FeeUpperBound(node, network, () => services.transactionCode.unsignedTransactions(clearing, tiers.market)));
  const symbol = network.nativeCurrency.symbol;
  const payers = await payersFor(services, node, account, maxFee);
  if (payers.length === 0) {
    throw new RpcError(ErrorCode.serverError, `No account of this wallet holds the ${formatEther(maxFee)} ${symbol} the revert can cost on ${network.name}: fund one, then try again`);
  }
  const payer = payers[0].address;
  const draft = { id: randomHex(32), origin, from: payer, authority: account, calls: selfCall(payer) };
  const planned = await revokeDelegationOf.plan({ node, network, upgraded: false }, draft);
  await services.batches.add({ ...planned, feeCaps: toHexTierFees(tiers) });
  return {
    batchId: draft.id, account, delegate: found.delegate, chainId: network.chainId, networkName: network.name, symbol,
    maxFee: maxFee.toString(), payers,
  };
}

/** Approvals only the wallet itself asks for: no page can call these. */
export const firewallMethods: MethodTable = {
  revertForeignDelegation: method({
    parse: (params) => ({ account: address((params as { account?: unknown } | null)?.account, 'account') }),
    auth: 'none',
    approval: {
      type: 'revertForeignDelegation',
      prepare,
      answer: (raw) => address(raw, 'payer'),
      async approve({ origin, details }, payer, services) {
        const chosen = details.payers.find((p) => same(p.address, payer));
        if (!chosen) throw new RpcError(ErrorCode.internal, `${payer} is not one of the accounts the screen offered to pay`);
        // The payer the user picked sends (and pays for) the transaction; nothing is signed before this.
        await services.batches.update(origin, details.batchId, (b) =>
          b.state === 'awaiting-approval' ? { ...b, from: chosen.address, calls: selfCall(chosen.address) } : b,
        );
        // A Ledger account paying its own revert signed it on the device: placed as the batch's then (deviceSigning/ placeOwn).
        return sendApproved(services, origin, details.batchId, { feeTier: 'market' });
      },
      release: (details, origin, services) => services.batches.remove(origin, details.batchId),
    },
  }),
};
