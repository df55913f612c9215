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
import { indexedDbUpgradeRefusals, memoryUpgradeRefusals, sameRefusal, type UpgradeRefusal, type UpgradeRefusalStore } from './upgradeRefusals';
import { MAX_DEVICE_SIGNINGS, batchTakingNonce, deviceSignersOf, type DeviceBatch, type DevicePayloads, type DeviceSigning, type DeviceSigningRecord, type DeviceSigningSlice } from './types';

export interface DeviceSigningDeps {
  session: TypedStorage<DeviceSigningSlice>;
  approvals: Pick<Approvals, 'pending' | 'settle'>;
  accounts: Pick<Accounts, 'ledgerPath'>;
  payloads: DevicePayloads;
  /** Where a device's refusal of the upgrade is kept: the extension's IndexedDB; memory where there is none (Node's tests). */
  refusals?: UpgradeRefusalStore;
}

const notWaiting = (approvalId: string) =>
  invalidParams(`No request ${approvalId} is waiting for the device: it was answered already, or never was`);

export function createDeviceSigning({ session, approvals, accounts, payloads, refusals = typeof indexedDB === 'undefined' ? memoryUpgradeRefusals() : indexedDbUpgradeRefusals }: DeviceSigningDeps): DeviceSigning {
  /** The request's one Ledger account with the screen's `answer`, and its path; none when its signers' keys are in the wallet. */
  const ledgerSigner = async (record: ApprovalRecord, answer: unknown): Promise<{ account?: Hex; path?: string }> => {
    const unique = [...new Map(deviceSignersOf(record, answer).map((a) => [a.toLowerCase(), a])).values()];
    const signers = await Promise.all(unique.map(async (account) => ({ account, path: await accounts.ledgerPath(account) })));
    const ledgers = signers.filter((s) => s.path);
    // One device signature per request: two Ledger accounts would need two.
    if (ledgers.length > 1) throw invalidParams(`${ledgers.map((s) => s.account).join(' and ')} are both Ledger accounts: this request can be signed by one of them only`);
    return ledgers[0] ?? {};
  };
  /** The waiting (undecided) request and its Ledger account's path; throws when no such request waits. */
  const waiting = async (approvalId: string, answer: unknown): Promise<{ record: ApprovalRecord; account?: Hex; path?: string }> => {
    const record = (await approvals.pending()).find((a) => a.id === approvalId);
    if (!record) throw notWaiting(approvalId);
    return { record, ...(await ledgerSigner(record, answer)) };
  };
  const kept = async (approvalId: string) => (await session.get('deviceSignings')).find((d) => d.approvalId === approvalId);
  /**
   * The batches of the account's other requests the device was asked for, whose payloads take its nonces: still
   * waiting, or signed (being sent). One rejected is not, even if its site sent a batch again under the same id.
   * Throws once `approvalId` itself is no longer waiting: rejected during its wait, nothing is built for it (its
   * site's batch sent again under the same id would be, and a paymaster asked to sponsor it).
   */
  const othersOf = async (approvalId: string, account: Hex): Promise<DeviceBatch[]> => {
    const open = new Set((await approvals.pending()).map((a) => a.id));
    if (!open.has(approvalId)) throw notWaiting(approvalId);
    return (await session.get('deviceSignings')).flatMap((d) =>
      d.batch && d.approvalId !== approvalId && d.account.toLowerCase() === account.toLowerCase() && (open.has(d.approvalId) || d.signature) ? [d.batch] : []);
  };

  /** Adds `entry`, dropping those whose request was answered meanwhile (rejected, the window closed). */
  const keep = async (entry: DeviceSigningRecord): Promise<void> => {
    const open = new Set((await approvals.pending()).map((a) => a.id));
    await session.update('deviceSignings', (all) => {
      const live = all.filter((d) => open.has(d.approvalId) && d.approvalId !== entry.approvalId);
      if (live.length >= MAX_DEVICE_SIGNINGS) throw new RpcError(ErrorCode.resourceUnavailable, `${live.length} requests already wait for the device; answer them first`);
      return [...live, entry];
    });
  };

  const remember = async (refusal: UpgradeRefusal, refused: boolean) =>
    refusals.save([...(await refusals.load()).filter((r) => !sameRefusal(r, refusal)), ...(refused ? [refusal] : [])]);

  const signatureFor: DeviceSigning['signatureFor'] = async (approvalId, account) => {
    if (!(await accounts.ledgerPath(account))) return undefined;
    const entry = await kept(approvalId);
    if (!entry?.signature || entry.account.toLowerCase() !== account.toLowerCase()) {
      throw new RpcError(ErrorCode.internal, `${account} is a Ledger account and the device signed nothing for this request: nothing was signed`);
    }
    // Checked again where it is used: whatever session storage holds, only the account's signature over this payload passes.
    await payloads.check(account, entry.payload, entry.signature);
    return entry.signature;
  };

  return {
    async request(approvalId, answer) {
      const { record, account, path } = await waiting(approvalId, answer);
      if (!account || !path) return null;
      const batch = batchTakingNonce(record, account);
      const build = async (createdAt?: number): Promise<DeviceSigningRecord> => {
        // Asked again (the window reopened, the worker restarted): the same payload, never a second one.
        const earlier = await kept(approvalId);
        if (earlier && earlier.account.toLowerCase() === account.toLowerCase() && earlier.path === path) return earlier;
        const entry: DeviceSigningRecord = { approvalId, account, path, ...(batch ? { batch: { ...batch, ...(createdAt === undefined ? {} : { createdAt }) } } : {}), ...(answer === undefined ? {} : { answer }), payload: await payloads.build(record, answer, account) };
        await keep(entry);
        return entry;
      };
      // Built and kept in turn: another of the account's built meanwhile would take the same nonce.
      return requestOf(batch ? await payloads.inTurn(batch, () => othersOf(approvalId, account), build) : await build());
    },
    async signed(approvalId, signature) {
      const entry = await kept(approvalId);
      const { record, account, path } = await waiting(approvalId, entry?.answer);
      if (!account || !path || !entry || entry.account.toLowerCase() !== account.toLowerCase()) {
        throw invalidParams(`Request ${approvalId} did not ask the device for a signature`);
      }
      await payloads.check(account, entry.payload, signature);
      await payloads.stillCurrent(record, entry.payload, account).catch(async (error: unknown) => {
        // Stale: the next ask builds it anew (the next nonce) rather than handing this one out again.
        await session.update('deviceSignings', (all) => all.filter((d) => d.approvalId !== approvalId));
        throw error;
      });
      await session.update('deviceSignings', (all) => all.map((d) => (d.approvalId === approvalId ? { ...d, signature } : d)));
      // The device signed an upgrade: whatever it refused before, it allows it now.
      if (entry.payload.kind === 'upgrade') await remember({ account, chainId: entry.payload.authorization.chainId }, false);
      await payloads.placeOwn(record, account, entry.payload, signature);
      const decision: ApprovalDecision = { approved: true, ...(entry.answer === undefined ? {} : { answer: entry.answer }) };
      await approvals.settle(approvalId, decision);
    },
    async refusedUpgrade(approvalId) {
      const entry = await kept(approvalId);
      const { record, account, path } = await waiting(approvalId, entry?.answer);
      if (!account || !path || entry?.payload.kind !== 'upgrade' || entry.account.toLowerCase() !== account.toLowerCase()) {
        throw invalidParams(`Request ${approvalId} did not ask the device for an upgrade`);
      }
      await remember({ account, chainId: entry.payload.authorization.chainId }, true);
      const payload = await payloads.sequential(record);
      if (!payload) return null;
      const sequential: DeviceSigningRecord = { ...entry, payload };
      await keep(sequential);
      return requestOf(sequential);
    },
    async upgradeRefused(account, chainId) {
      // Checked on read: only the vault's Ledger accounts lose atomic batches, whatever the store holds.
      if (!(await accounts.ledgerPath(account))) return false;
      return (await refusals.load()).some((r) => sameRefusal(r, { account, chainId }));
    },
    async needsDevice(approvalId, answer) {
      const record = (await approvals.pending()).find((a) => a.id === approvalId);
      return Boolean(record && (await ledgerSigner(record, answer)).account);
    },
    signatureFor,
    async placeSigned(approvalId, batch) {
      const signed = await signatureFor(approvalId, batch.from);
      // Checked just now (signatureFor) against the payload kept beside it.
      const entry = signed && (await kept(approvalId));
      if (signed && entry) await payloads.place(batch, entry.payload, signed);
    },
    forget: (account) => session.update('deviceSignings', (all) => all.filter((d) => d.account.toLowerCase() !== account.toLowerCase())).then(() => undefined),
  };
}

const requestOf = ({ approvalId, account, path, payload, signature }: DeviceSigningRecord): DeviceRequest =>
  ({ approvalId, account, path, payload, ...(signature ? { signature } : {}) });
