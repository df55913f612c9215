/**
 * Requests of a Ledger account: the worker holds no key for it, so approving one goes through the approval window,
 * which has the device sign. The request stays waiting (the approval is not decided) while the device is asked; its
 * payload is built once and kept in session storage, so a worker restart hands the window the same payload (the
 * same nonce, the same fees) rather than asking anew. The device's answer is a claim: it approves the request only
 * once the payloads' check (`DevicePayloads.check`) found it recovers to the account, and a request is decided once,
 * so a signature sent again, or for another request, never answers anything.
 */
import type { ApprovalDecision } from '../../shared/approvals';
import type { DeviceRequest } from '../../shared/deviceSigning';
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { Accounts } from '../accounts/accounts';
import type { Approvals } from '../approvals/approvals';
import type { ApprovalRecord } from '../approvals/types';
import type { TypedStorage } from '../storage/typedStorage';
import { MAX_DEVICE_SIGNINGS, deviceSignerOf, type DevicePayloads, type DeviceSigning, type DeviceSigningRecord, type DeviceSigningSlice } from './types';

export interface DeviceSigningDeps {
  session: TypedStorage<DeviceSigningSlice>;
  approvals: Pick<Approvals, 'pending' | 'settle'>;
  accounts: Pick<Accounts, 'ledgerPath'>;
  payloads: DevicePayloads;
}

const notWaiting = (approvalId: string) =>
  invalidParams(`No request ${approvalId} is waiting for the device: it was answered already, or never was`);

export function createDeviceSigning({ session, approvals, accounts, payloads }: DeviceSigningDeps): DeviceSigning {
  /** The waiting (undecided) request and its Ledger account's path; throws when no such request waits. */
  const waiting = async (approvalId: string): Promise<{ record: ApprovalRecord; account?: Hex; path?: string }> => {
    const record = (await approvals.pending()).find((a) => a.id === approvalId);
    if (!record) throw notWaiting(approvalId);
    const account = deviceSignerOf(record);
    return { record, account, path: account && (await accounts.ledgerPath(account)) };
  };
  const kept = async (approvalId: string) => (await session.get('deviceSignings')).find((d) => d.approvalId === approvalId);

  /** Adds `entry`, dropping those whose request was answered meanwhile (rejected, the window closed). */
  const keep = async (entry: DeviceSigningRecord): Promise<void> => {
    const open = new Set((await approvals.pending()).map((a) => a.id));
    await session.update('deviceSignings', (all) => {
      const live = all.filter((d) => open.has(d.approvalId) && d.approvalId !== entry.approvalId);
      if (live.length >= MAX_DEVICE_SIGNINGS) throw new RpcError(ErrorCode.resourceUnavailable, `${live.length} requests already wait for the device; answer them first`);
      return [...live, entry];
    });
  };

  /** The device's signature and its payload for a Ledger account's request; throws when none was given. */
  const checkedSignature = async (approvalId: string, account: Hex) => {
    if (!(await accounts.ledgerPath(account))) return undefined;
    const entry = await kept(approvalId);
    if (!entry?.signature || entry.account.toLowerCase() !== account.toLowerCase()) {
      throw new RpcError(ErrorCode.internal, `${account} is a Ledger account and the device signed nothing for this request: nothing was signed`);
    }
    // Checked again where it is used: whatever session storage holds, only the account's signature over this payload passes.
    await payloads.check(account, entry.payload, entry.signature);
    return { signature: entry.signature, payload: entry.payload };
  };

  return {
    async request(approvalId, answer) {
      const { record, account, path } = await waiting(approvalId);
      if (!account || !path) return null;
      // Asked again (the window reopened, the worker restarted): the same payload, never a second one.
      const earlier = await kept(approvalId);
      if (earlier && earlier.account.toLowerCase() === account.toLowerCase() && earlier.path === path) return requestOf(earlier);
      const entry: DeviceSigningRecord = { approvalId, account, path, ...(answer === undefined ? {} : { answer }), payload: await payloads.build(record, answer) };
      await keep(entry);
      return requestOf(entry);
    },
    async signed(approvalId, signature) {
      const { record, account, path } = await waiting(approvalId);
      const entry = await kept(approvalId);
      if (!account || !path || !entry || entry.account.toLowerCase() !== account.toLowerCase()) {
        throw invalidParams(`Request ${approvalId} did not ask the device for a signature`);
      }
      await payloads.check(account, entry.payload, signature);
      await payloads.stillCurrent(record, entry.payload).catch(async (error: unknown) => {
        // Stale: the next ask builds it anew (the next nonce) rather than handing this one out again.
        await session.update('deviceSignings', (all) => all.filter((d) => d.approvalId !== approvalId));
        throw error;
      });
      await session.update('deviceSignings', (all) => all.map((d) => (d.approvalId === approvalId ? { ...d, signature } : d)));
      const decision: ApprovalDecision = { approved: true, ...(entry.answer === undefined ? {} : { answer: entry.answer }) };
      await approvals.settle(approvalId, decision);
    },
    async needsDevice(approvalId) {
      const record = (await approvals.pending()).find((a) => a.id === approvalId);
      const account = record && deviceSignerOf(record);
      return Boolean(account && (await accounts.ledgerPath(account)));
    },
    signatureFor: async (approvalId, account) => (await checkedSignature(approvalId, account))?.signature,
    async userOperationFor(approvalId, account) {
      if ((await kept(approvalId))?.payload.kind !== 'userOperation') return undefined;
      const checked = await checkedSignature(approvalId, account);
      if (checked?.payload.kind !== 'userOperation') return undefined;
      return payloads.signedOperation(account, checked.payload, checked.signature);
    },
  };
}

const requestOf = ({ approvalId, account, path, payload, signature }: DeviceSigningRecord): DeviceRequest =>
  ({ approvalId, account, path, payload, ...(signature ? { signature } : {}) });
