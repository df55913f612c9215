/**
 * The approval records as kept in storage.local, where a Firefox content script can write: each sealed when written, at
 * a new revision of the approvals' ledger; one that does not verify (planted or altered) or is not the latest copy
 * (written back after it changed or finished) is dropped, never finished.
 */
import type { Checkpoint } from '../storage/ledger';
import { isSealed, seal, type Sealer } from '../storage/seal';
import type { TypedStorage } from '../storage/typedStorage';
import type { ApprovalRecord, ApprovalsSlice } from './types';

export interface SealedRecords {
  /** Reads the authentic records (dropping the others from storage). */
  read(): Promise<ApprovalRecord[]>;
  /** Changes the authentic records; what the edit changed or added is sealed at a new revision, what it removed retired. */
  change(edit: (valid: ApprovalRecord[]) => ApprovalRecord[]): Promise<void>;
}

export function sealedRecords(local: TypedStorage<ApprovalsSlice>, sealer: Sealer): SealedRecords {
  const ledger = sealer.ledger('approvals');
  /** The key and the ledger, loaded before a synchronous storage update. */
  const loaded = async (): Promise<string> => (await Promise.all([sealer.key(), ledger.ready()]))[0];
  /** Sealed by the wallet, and the latest copy (an older one written back, or one finished, is not). */
  const authentic = (key: string, all: ApprovalRecord[]): ApprovalRecord[] =>
    all.filter((record) => isSealed(key, record) && ledger.isLatest(record.id, record.revision));

  const read = async (): Promise<ApprovalRecord[]> => {
    const key = await loaded();
    const all = await local.get('approvals');
    const valid = authentic(key, all);
    if (valid.length !== all.length) {
      console.warn(`[approvals] dropped ${all.length - valid.length} record(s) that fail authentication or are not the latest copy: never finished`);
      await change((current) => current);
    }
    return valid;
  };

  const change = async (edit: (valid: ApprovalRecord[]) => ApprovalRecord[]): Promise<void> => {
    const key = await loaded();
    let taken: Checkpoint | undefined;
    await local.update('approvals', (all) => {
      // A write that fails takes its stamps and retirements back (../storage/ledger.ts checkpoint): the records left as
      // they were stay the latest, before the change queued behind it reads them. Until it lands, a read of a request
      // it stamps again gets the copy storage still holds, which the ledger takes as the latest.
      taken = ledger.checkpoint();
      const valid = authentic(key, all);
      const edited = edit(valid);
      for (const gone of valid.filter((a) => !edited.includes(a))) ledger.retire(gone.id);
      return edited.map((record) => (valid.includes(record) ? record : seal(key, { ...record, revision: ledger.stamp(record.id) })));
    }).catch((error: unknown) => {
      taken?.undo();
      throw error;
    }).finally(() => taken?.settled());
    await ledger.save();
  };

  return { read, change };
}
