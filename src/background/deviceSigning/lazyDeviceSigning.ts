/**
 * deviceSigning.ts evaluated on first use, in the worker's later script: every Approve and every approval's finish
 * asks whether the request is a Ledger account's, answered here from the account list alone, so a wallet without a
 * Ledger account never loads it. (A Ledger record planted in storage only loads it: it checks against the vault.)
 */
import type { Accounts } from '../accounts/accounts';
import type { DeviceSigning } from './types';

export function lazyDeviceSigning(deps: { accounts: Pick<Accounts, 'list' | 'ledgerPath'> }, load: () => Promise<DeviceSigning>): DeviceSigning {
  let made: Promise<DeviceSigning> | undefined;
  const real = (): Promise<DeviceSigning> => (made ??= load().catch((error: unknown) => {
    made = undefined;
    throw error;
  }));
  const anyLedger = async () => (await deps.accounts.list()).some((a) => a.ledgerPath);
  const isLedger = async (account: string) => Boolean(await deps.accounts.ledgerPath(account as `0x${string}`));
  return {
    request: async (approvalId, answer) => ((await anyLedger()) ? (await real()).request(approvalId, answer) : null),
    signed: async (approvalId, signature) => (await real()).signed(approvalId, signature),
    refusedUpgrade: async (approvalId) => (await real()).refusedUpgrade(approvalId),
    upgradeRefused: async (account, chainId) => (await isLedger(account)) && (await real()).upgradeRefused(account, chainId),
    needsDevice: async (approvalId, answer) => (await anyLedger()) && (await real()).needsDevice(approvalId, answer),
    async placeSigned(approvalId, batch) {
      if (await isLedger(batch.from)) await (await real()).placeSigned(approvalId, batch);
    },
    forget: async (account) => (await real()).forget(account),
    signatureFor: async (approvalId, account) => ((await isLedger(account)) ? (await real()).signatureFor(approvalId, account) : undefined),
  };
}
