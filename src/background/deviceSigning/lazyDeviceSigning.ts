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
  /** Waiting, and not a Ledger account's: false; unknown (answered already) is left to the real one's words. */
  const keyAccounts = async (approvalId: string): Promise<boolean> => {
    const record = (await deps.approvals.pending()).find((a) => a.id === approvalId);
    return Boolean(record && !(await isLedger(deviceSignerOf(record))));
  };
  return {
    request: async (approvalId, answer) => ((await keyAccounts(approvalId)) ? null : (await real()).request(approvalId, answer)),
    signed: async (approvalId, signature) => (await real()).signed(approvalId, signature),
    async needsDevice(approvalId) {
      const record = (await deps.approvals.pending()).find((a) => a.id === approvalId);
      return Boolean(record && (await isLedger(deviceSignerOf(record))));
    },
    signatureFor: async (approvalId, account) => ((await isLedger(account)) ? (await real()).signatureFor(approvalId, account) : undefined),
    userOperationFor: async (approvalId, account) => ((await isLedger(account)) ? (await real()).userOperationFor(approvalId, account) : undefined),
  };
}
