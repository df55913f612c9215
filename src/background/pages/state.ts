/** What the popup and the approval window render: the whole wallet state, and the Activity list. */
import type { ApprovalView } from '../../shared/approvals';
import type { ActivityItem, TransactionStatus } from '../../shared/activity';
import type { WalletState } from '../../shared/walletState';
import { usdFeedsOf } from '../../shared/priceFeedChains';
import { wordedCalls } from '../calls/recorded';
import { batchStatus, preconfirmed, succeeded } from '../batches/status';
import { batchKey } from '../batches/store';
import type { BatchTransaction } from '../batches/types';
import type { Using } from '../services';
import { metaMaskCompatibility } from '../settings/compatibility';
import { paidInUsdc } from '../usdcFees/paidInUsdc';
import { none } from './params';
import type { PageFamily } from './types';

/** The services these pages use. */
type Uses = 'accounts' | 'approvals' | 'batches' | 'descriptorFiles' | 'firewall' | 'grantCode' | 'grants' | 'networks' | 'permissions' | 'refusals' | 'settings' | 'trustedSites' | 'usdcBatchCode' | 'vault';

export async function walletState({ vault, accounts, networks, permissions, trustedSites, approvals, settings, descriptorFiles, firewall }: Using<Uses>): Promise<WalletState> {
  const [initialized, unlocked, unlockRetryAt, list, selectedAccount, all, selected, sites, phishingTrusted, pending, planning, { autoLockMinutes }, compatibility, files] = await Promise.all([
    vault.isInitialized(), vault.isUnlocked(), vault.unlockRetryAt(), accounts.list(), accounts.selected(), networks.all(),
    networks.selected(), permissions.list(), trustedSites.list(), approvals.pending(), approvals.plans.list(), settings.get('settings'),
    metaMaskCompatibility(settings), descriptorFiles.get(),
  ]);
  return {
    initialized,
    unlocked,
    unlockRetryAt,
    accounts: list.map(({ address, name, imported, ledgerPath }) => ({ address, name, ...(imported ? { imported } : {}), ...(ledgerPath ? { ledger: true } : {}) })),
    selectedAccount,
    networks: all.map((network) => ({ ...network, usdFeeds: usdFeedsOf(network.chainId) })),
    selectedChainId: selected.chainId,
    sites: Object.entries(sites).map(([origin, p]) => ({ origin, accounts: p.accounts })),
    phishingTrusted,
    approvals: pending.map(({ id, type, origin, details }) => ({ id, type, origin, details }) as ApprovalView),
    planning,
    autoLockMinutes,
    metaMaskCompatibility: compatibility,
    userDescriptors: files.files.map((file) => file.name),
    droppedDescriptors: files.dropped,
    foreignDelegations: (await firewall.foreignOn(selected.chainId)).map(({ account, delegate }) => ({ account, delegate })),
  };
}

/**
 * A landed transaction counts even when a replacement was sent after it; a pending one replaced is "replaced".
 * "pre-confirmed": its receipt is from a block the node has not sealed yet.
 */
export function transactionStatus(t: BatchTransaction): TransactionStatus {
  if (t.receipt) return !succeeded(t.receipt.status) ? 'failed' : t.preconfirmed ? 'pre-confirmed' : 'confirmed';
  if (t.replacedBy) return 'replaced';
  return t.dropped ? 'dropped' : 'pending';
}

/** Every batch and every execution permission granted, newest first. */
export async function activity({ batches, networks, grants, grantCode, usdcBatchCode, refusals }: Using<'batches' | 'grantCode' | 'grants' | 'networks' | 'refusals' | 'usdcBatchCode'>): Promise<ActivityItem[]> {
  const [all, known, granted] = await Promise.all([batches.all(), networks.all(), grants.list()]);
  // Each record is authenticated (one HMAC, about 0.1 ms for 2 KB): a row reads as the wallet's word, so one the wallet
  // did not write as it stands (planted or changed in storage.local) is marked altered, its calls worded anew (its kept
  // words could be another call's) and its error shown as written.
  const listed = all.filter((b) => b.state !== 'awaiting-approval');
  const own = await Promise.all(listed.map((b) => batches.authentic(b)));
  const shown = listed.map((b, i) => (own[i] ? b : { ...b, reviews: undefined }));
  // The grants' code (the later script) only when there are grants.
  const { granted: grantItems, revokes } = granted.length > 0 ? await grantCode.grantActivity(granted, shown) : { granted: [], revokes: [] };
  const sent = await Promise.all(shown.map(async (b, i): Promise<ActivityItem> => {
    const network = known.find((n) => n.chainId === b.chainId);
    const usdc = network?.usdcPaymaster;
    const inUsdc = paidInUsdc(b.userOperation, usdc);
    // The later script (the event's decoding) only for a landed userOp paid in USDC.
    const usdcFee = inUsdc && b.userOperation?.receipt ? await usdcBatchCode.usdcFeePaid(b.userOperation, usdc, b.usdcFee?.maximum) : undefined;
    return {
      key: batchKey(b.origin, b.id),
      id: b.id,
      ...(b.kind ? { kind: b.kind } : {}),
      origin: b.origin,
      chainId: b.chainId,
      from: b.from,
      ...(b.authority ? { authority: b.authority } : {}),
      atomic: b.atomic,
      ...(b.sponsor ? { sponsored: true as const } : {}),
      ...(inUsdc ? { paidInUsdc: true as const } : {}),
      ...(usdcFee ? { usdcFee } : {}),
      status: batchStatus(b),
      ...(preconfirmed(b) ? { preconfirmed: true } : {}),
      calls: await wordedCalls(b.calls, b.reviews),
      ...(revokes[i] ? { revokes: revokes[i] } : {}),
      transactions: b.transactions.filter((t) => t.sent).map((t) => ({
        hash: t.hash,
        nonce: t.nonce,
        status: transactionStatus(t),
        ...(t.replaces ? { replaces: t.replaces } : {}),
        ...(t.cancel ? { cancel: true } : {}),
        // A planted record's could be anything: the popup reads it with BigInt.
        feePaid: /^0x[\da-f]{1,64}$/i.test(String(t.feePaid)) ? t.feePaid : undefined,
      })),
      explorerUrl: network?.blockExplorerUrl,
      error: b.error,
      ...(b.error && own[i] ? { errorWords: await refusals.storedErrorWords(b.error, b.errorBy) } : {}),
      createdAt: b.createdAt,
      ...(own[i] ? {} : { altered: true as const }),
    };
  }));
  return [...sent, ...grantItems].sort((a, b) => b.createdAt - a.createdAt);
}

export const statePages = {
  getState: { parse: none, read: true, handle: (_p, { services }) => walletState(services) },
  getActivity: { parse: none, read: true, handle: (_p, { services }) => activity(services) },
} satisfies PageFamily<Uses>;
