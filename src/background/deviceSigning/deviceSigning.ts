/**
 * Requests of a Ledger account: the worker holds no key for it, so approving one goes through the approval window,
 * which has the device sign. The request stays waiting (the approval is not decided) while the device is asked; its
 * payload is built once and kept in session storage, so a worker restart hands the window the same payload (the
 * same nonce, the same fees) rather than asking anew. The device's answer is a claim: it approves the request only
 * once the payloads' check (`DevicePayloads.check`) found it recovers to the account, and a request is decided once,
 * so a signature sent again, or for another request, never answers anything.
 */
import type { ApprovalDecision } from '../../shared/approvals';
import type { DevicePayload, DeviceRequest } from '../../shared/deviceSigning';
import { ErrorCode, RpcError, invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { Accounts } from '../accounts/accounts';
import type { Approvals } from '../approvals/approvals';
import type { ApprovalRecord } from '../approvals/types';
import type { TypedStorage } from '../storage/typedStorage';

export interface DeviceSigningRecord {
  approvalId: string;
  account: Hex;
  path: string;
  /** The screen's answer (a fee tier) the payload was built with; the approval is decided with it. */
  answer?: unknown;
  payload: DevicePayload;
  /** The device's signature (a transaction's: the signed transaction), once checked. */
  signature?: Hex;
}

/** Memory only (storage.session): one per request waiting for the device. */
export interface DeviceSigningSlice {
  deviceSignings: DeviceSigningRecord[];
}
export const DEVICE_SIGNING_DEFAULTS: DeviceSigningSlice = { deviceSignings: [] };

/** More than the approvals' queue holds of the wallet's and the pages' requests together. */
export const MAX_DEVICE_SIGNINGS = 60;

/**
 * The link up to the method table (rpc/devicePayloads.ts), which this domain cannot import: what one approval type
 * has the device sign, and the check of what the device answered.
 */
export interface DevicePayloads {
  /** The account that signs the request, when its type is one a Ledger signs; undefined otherwise. */
  signerOf(record: ApprovalRecord): Hex | undefined;
  /** The exact payload, built as the approval would sign it with the screen's `answer`. */
  build(record: ApprovalRecord, answer: unknown): Promise<DevicePayload>;
  /** Throws unless `signature` is the account's over exactly `payload`. */
  check(account: Hex, payload: DevicePayload, signature: Hex): Promise<void>;
}

export interface DeviceSigning {
  /** What the device must sign to approve this waiting request; null when its account's key is in the wallet. */
  request(approvalId: string, answer: unknown): Promise<DeviceRequest | null>;
  /** Checks the device's signature, keeps it and approves the request (its entry's `approve` takes it: `signed`). */
  signed(approvalId: string, signature: Hex): Promise<void>;
  /** Whether this waiting request can only be approved through the device. */
  needsDevice(approvalId: string): Promise<boolean>;
  /**
   * For an approval's `approve`: the checked signature when `account` is a Ledger account (throws when none was
   * given), undefined when its key is in the wallet.
   */
  signatureFor(approvalId: string, account: Hex): Promise<Hex | undefined>;
}

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
    const account = payloads.signerOf(record);
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
      const { account, path } = await waiting(approvalId);
      const entry = await kept(approvalId);
      if (!account || !path || !entry || entry.account.toLowerCase() !== account.toLowerCase()) {
        throw invalidParams(`Request ${approvalId} did not ask the device for a signature`);
      }
      await payloads.check(account, entry.payload, signature);
      await session.update('deviceSignings', (all) => all.map((d) => (d.approvalId === approvalId ? { ...d, signature } : d)));
      const decision: ApprovalDecision = { approved: true, ...(entry.answer === undefined ? {} : { answer: entry.answer }) };
      await approvals.settle(approvalId, decision);
    },
    async needsDevice(approvalId) {
      const record = (await approvals.pending()).find((a) => a.id === approvalId);
      const account = record && payloads.signerOf(record);
      return Boolean(account && (await accounts.ledgerPath(account)));
    },
    async signatureFor(approvalId, account) {
      if (!(await accounts.ledgerPath(account))) return undefined;
      const entry = await kept(approvalId);
      if (!entry?.signature || entry.account.toLowerCase() !== account.toLowerCase()) {
        throw new RpcError(ErrorCode.internal, `${account} is a Ledger account and the device signed nothing for this request: nothing was signed`);
      }
      // Checked again where it is used: whatever session storage holds, only the account's signature over this payload passes.
      await payloads.check(account, entry.payload, entry.signature);
      return entry.signature;
    },
  };
}

const requestOf = ({ approvalId, account, path, payload, signature }: DeviceSigningRecord): DeviceRequest =>
  ({ approvalId, account, path, payload, ...(signature ? { signature } : {}) });
