/**
 * wallet_sendCalls' planning (EIP-5792 2.0.0): the batch planned and its id reserved before the window opens, with
 * who pays its fee and what the screen shows. The method table is in batches.ts.
 */
import { randomHex } from '../../shared/randomId';
import type { Attribution, SendCallsAnswer, SendCallsDetails } from '../../shared/approvals/batch';
import type { DecodedCall } from '../../shared/decodedCall';
import { BatchErrorCode, RpcError, invalidParams } from '../../shared/errors';
import type { Network } from '../../shared/networks';
import type { Hex } from '../../shared/params';
import type { DataSuffix } from '../../shared/schemas/dataSuffix';
import { isFeeSource, type FeeSource } from '../../shared/fees';
import { assertCapabilitiesKnown, type BatchRequest } from '../../shared/schemas/sendCalls';
import { assertNoGrantReEnabled, assertNoSelfCalls } from '../batches/encoding';
import { poisonedRecipients } from '../protection/addressPoisoning';
import { toHexTierFees } from '../batches/fees';
import { l1FeeUpperBound } from '../fees/l1DataFee';
import { tierFees } from '../fees/tiers';
import { prepareBatch } from '../batches/prepare';
import { bundlerUrlOf } from '../batches/sponsorship';
import type { FeePlanning } from '../batches/executors/executor';
import { ownRequest } from './ownRequest';
import type { BatchCall, BatchRecord, Sponsorship } from '../batches/types';
import type { Using } from '../services';
import type { AccountContext } from './types';

/** The services wallet_sendCalls' methods use. */
export type Uses = 'accounts' | 'allowanceCode' | 'batches' | 'bundlerFor' | 'detection' | 'deviceSigning' | 'devnetBuild' | 'loops' | 'networks' | 'nodeFor' | 'previews' | 'reviewCalls' | 'showActivity' | 'signedGrants' | 'transactionCode' | 'usdcBatchCode' | 'userOperationCode';

const toCall = (c: BatchRequest['calls'][number]): BatchCall => ({
  to: c.to,
  value: `0x${c.value.toString(16)}`,
  data: c.data,
  ...(c.gasLimitOverride === undefined ? {} : { gasLimitOverride: `0x${c.gasLimitOverride.toString(16)}` as Hex }),
});

/** Whether the screen names the call's function (from the wallet's own tables, or a descriptor). */
const worded = (call: DecodedCall): boolean => call.fn !== undefined || call.review !== undefined;

const duplicate = (id: string, origin: string) => new RpcError(BatchErrorCode.duplicateId, `A batch with id ${id} was already submitted by ${origin}`);

/** Where the planned batch carries the ERC-8021 suffix: its transaction, its userOp (sponsored or paid in USDC), or the calls whose data it follows. */
function attributionOf(suffix: DataSuffix, batch: BatchRecord): Attribution {
  const appendedTo = batch.sponsor || batch.executor === 'usdc' ? 'operation' : batch.dataSuffix ? 'transaction' : batch.calls.flatMap((c, i) => (c.suffix ? [i] : []));
  return { codes: suffix.codes, value: suffix.value, appendedTo };
}

/** Who pays, as the screen names it, and the site's own server when it is the one that will submit the userOp. */
function sponsorShown(network: Network, sponsor: Sponsorship): NonNullable<SendCallsDetails['sponsor']> {
  const service = new URL(sponsor.url);
  const submittedBy = bundlerUrlOf(network, sponsor) === sponsor.url ? { submittedBy: service.host } : {};
  return { name: sponsor.name, icon: sponsor.icon, origin: service.origin, paymaster: sponsor.paymaster!, ...submittedBy };
}

/**
 * `walletFeeSource: { default: 'eth' | 'usdc' }`: the fee source the screen picks first, asked only by the wallet's
 * own requests (the popup's Send, through pages/send.ts askUser); from a site it is a capability the wallet does not
 * know (5700 unless optional, then ignored), so no page can steer the user's pick.
 */
function walletFeeSource(capabilities: Record<string, unknown>, ctx: Pick<AccountContext, 'replyTo'>): FeeSource | undefined {
  const asked = capabilities.walletFeeSource;
  if (asked === undefined) return undefined;
  if (!ownRequest(ctx)) {
    assertCapabilitiesKnown({ walletFeeSource: asked }, [], 'capabilities');
    return undefined;
  }
  const preferred = (asked as { default?: unknown } | null)?.default;
  if (!isFeeSource(preferred)) throw invalidParams('capabilities.walletFeeSource.default must be "eth" or "usdc"');
  return preferred;
}

/** What the fee sources are weighed with: the market's fee cap, and the bundler a fee in USDC would go through. */
function feePlanning(services: Using<Uses>, network: Network, maxFeePerGas: Promise<bigint>): FeePlanning {
  const url = bundlerUrlOf(network, undefined);
  return { maxFeePerGas, code: services.usdcBatchCode, ...(url ? { bundler: { node: async () => services.bundlerFor(network.chainId), host: new URL(url).host } } : {}) };
}

/** The screen's answer: who pays the fee, when it names one of the sources (the batch then checks it was offered). */
export const feeAnswer = (raw: unknown): SendCallsAnswer | null =>
  typeof raw === 'object' && raw !== null && isFeeSource((raw as { feeSource?: unknown }).feeSource) ? { feeSource: (raw as SendCallsAnswer).feeSource } : null;

/** Plans the batch and reserves its id (stored, awaiting approval); the screen shows what it will do and cost. */
export async function prepare(request: BatchRequest, { services, origin, account: from, replyTo }: AccountContext<Using<Uses>>): Promise<SendCallsDetails> {
  const ledger = Boolean(await services.accounts.ledgerPath(from));
  const preferred = walletFeeSource(request.capabilities, { replyTo });
  const network = await services.networks.selected();
  if (BigInt(request.chainId) !== BigInt(network.chainId)) {
    throw invalidParams(`chainId ${request.chainId} does not match the selected network ${network.chainId} (${network.name})`);
  }
  const id = request.id ?? randomHex(32);
  // Only the wallet's own record takes the id (as in the store's add): a planted one would keep the site from sending.
  if (await services.batches.own(origin, id)) throw duplicate(id, origin);
  const calls = request.calls.map(toCall);
  const asked = request.capabilities.dataSuffix;
  const suffix = asked === undefined ? undefined : await services.transactionCode.parseDataSuffix(asked);
  // The batch's own chain from here on, even if a page switches the selected network meanwhile.
  const node = await services.nodeFor(network.chainId);
  // The screen's words, read from the calls as they execute; a sequential call carries the attribution only where they
  // name a function, whose arguments then end before it (prepare.ts). Caught here, awaited below.
  const reviewing = services.reviewCalls(calls, from, network);
  reviewing.catch(() => undefined);
  const attribution = suffix && { suffix, worded: async (i: number) => worded((await reviewing)[i]) };
  const tiers = tierFees(node, network.chainId);
  // A Ledger account pays in ETH or through the site's paymaster: a fee in USDC is not planned for it yet.
  const planning = ledger ? undefined : feePlanning(services, network, tiers.then((t) => t.market.maxFeePerGas));
  const [planned, fees] = await Promise.all([prepareBatch(node, network, { id, origin, from, calls }, { ...request, ledger }, services.devnetBuild, attribution, planning), tiers]);
  // Checked on the bytes as signed; described from the calls as they execute, the attribution named beside them.
  assertNoSelfCalls(from, planned.calls, (i) => `calls[${i}].to`);
  assertNoGrantReEnabled(planned.calls, (i) => `calls[${i}].to`);
  // The fee shown is a cap: signing uses today's market fees, never more than these.
  const batch = { ...planned, feeCaps: toHexTierFees(fees) };
  if (!(await services.batches.add(batch))) throw duplicate(id, origin);
  try {
    // Simulated while the window opens; the screen asks for it (previewApproval).
    void services.previews.of(batch, { name: network.name, symbol: network.nativeCurrency.symbol }, node);
    const gas = batch.gasLimits.reduce((a, b) => a + BigInt(b), 0n);
    // On the OP stack the chain also charges the L1 data fee (none for a sponsored batch: it has no transaction of the account's).
    const [l1Fee, described, paymasterAllowances] = await Promise.all([
      l1FeeUpperBound(node, network, () => services.transactionCode.unsignedTransactions(batch, fees.market)), reviewing,
      services.allowanceCode.paymasterAllowances(node, batch, network, { batches: services.batches, signedGrants: services.signedGrants }),
    ]);
    // A token paymaster behind "paid by" charges the fee in what the batch lets it take, or was let take before.
    const shownCalls = await services.userOperationCode.withPaymasterAllowances(described, batch, network);
    const lookAlikeRecipients = await poisonedRecipients(services, shownCalls);
    return {
      batchId: id, from, chainId: network.chainId, networkName: network.name, symbol: network.nativeCurrency.symbol,
      atomic: batch.atomic, upgrade: batch.upgrade, calls: shownCalls,
      totalValue: request.calls.reduce((sum, c) => sum + c.value, 0n).toString(),
      maxFee: batch.sponsor || batch.executor === 'usdc' ? '0' : (gas * fees.market.maxFeePerGas + l1Fee).toString(),
      ...(l1Fee > 0n ? { l1Fee: l1Fee.toString() } : {}),
      warning: batch.warning,
      ...(suffix ? { attribution: attributionOf(suffix, batch) } : {}),
      ...(batch.sponsor ? { sponsor: sponsorShown(network, batch.sponsor) } : {}),
      ...(batch.feeChoices ? { feeSources: await services.usdcBatchCode.feeSourcesShown(batch, preferred) } : {}),
      ...(lookAlikeRecipients.length > 0 ? { lookAlikeRecipients } : {}),
      paymasterAllowances,
    };
  } catch (error) {
    // Failed before the user was asked (the later script did not load, a node did not answer): the id was never
    // submitted, and the site may send it again.
    await services.batches.remove(origin, id);
    throw error;
  }
}
