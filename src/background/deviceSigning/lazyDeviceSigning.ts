/**
 * deviceSigning.ts evaluated on first use, in the worker's later script: every Approve and every approval's finish
 * asks whether the request is a Ledger account's, answered here from the account list alone, so a request of an
 * account whose key the wallet holds never loads it.
 */
import type { Accounts } from '../accounts/accounts';
import type { Approvals } from '../approvals/approvals';
import { deviceSignerOf, type DeviceSigning } from './types';

export function lazyDeviceSigning(deps: { approvals: Pick<Approvals, 'pending'>; accounts: Pick<Accounts, 'ledgerPath'> }, load: () => Promise<DeviceSigning>): DeviceSigning {
  let made: Promise<DeviceSigning> | undefined;
  const real = (): Promise<DeviceSigning> => (made ??= load().catch((error: unknown) => {
    made = undefined;
    throw error;
  }));
  const isLedger = async (account: string | undefined) => Boolean(account && (await deps.accounts.ledgerPath(account as `0x${string}`)));
  /** Whether the waiting request's signer is a Ledger account; undefined when no such request waits. */
  const ledgerRequest = async (approvalId: string): Promise<boolean | undefined> => {
    const record = (await deps.approvals.pending()).find((a) => a.id === approvalId);
    return record && isLedger(deviceSignerOf(record));
  };
  return {
    // A key account's: null; unknown (answered already) is left to the real one's words.
    request: async (approvalId, answer) => ((await ledgerRequest(approvalId)) === false ? null : (await real()).request(approvalId, answer)),
    signed: async (approvalId, signature) => (await real()).signed(approvalId, signature),
    refusedUpgrade: async (approvalId) => (await real()).refusedUpgrade(approvalId),
    upgradeRefused: async (account, chainId) => (await isLedger(account)) && (await real()).upgradeRefused(account, chainId),
    needsDevice: async (approvalId) => Boolean(await ledgerRequest(approvalId)),
    async placeSigned(approvalId, batch) {
      if (await isLedger(batch.from)) await (await real()).placeSigned(approvalId, batch);
    },
    signatureFor: async (approvalId, account) => ((await isLedger(account)) ? (await real()).signatureFor(approvalId, account) : undefined),
  };
}
