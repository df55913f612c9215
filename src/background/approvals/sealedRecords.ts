/**
 * The approval records as kept in storage.local, where a Firefox content script can write: each sealed when written, at
 * a new revision of the approvals' ledger; one that does not verify (planted or altered) or is not the latest copy
 * (written back after it changed or finished) is dropped, never finished.
 */
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
  /**
   * The revisions a change is replacing, by id, while its write is on its way: storage still holds those copies, and a
   * read then is of the wallet's own records (dropped, a request sent again meanwhile was asked again).
   */
  const replacing = new Map<string, unknown>();
  /** Sealed by the wallet, and the latest copy (an older one written back, or one finished, is not). */
  const authentic = (key: string, all: ApprovalRecord[]): ApprovalRecord[] =>
    all.filter((record) => isSealed(key, record) && (ledger.isLatest(record.id, record.revision) || (replacing.has(record.id) && replacing.get(record.id) === record.revision)));

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
    let undo = () => undefined as void;
    const replaced = new Map<string, unknown>();
    await local.update('approvals', (all) => {
      // A write that fails takes its stamps and retirements back (../storage/ledger.ts checkpoint): the records left as
      // they were stay the latest, before the change queued behind it reads them.
      undo = ledger.checkpoint();
      const valid = authentic(key, all);
      const edited = edit(valid);
      const kept = new Set(edited.map((record) => record.id));
      for (const gone of valid.filter((a) => !edited.includes(a))) {
        ledger.retire(gone.id);
        if (kept.has(gone.id)) [replaced, replacing].forEach((map) => map.set(gone.id, gone.revision));
      }
      return edited.map((record) => (valid.includes(record) ? record : seal(key, { ...record, revision: ledger.stamp(record.id) })));
    }).catch((error: unknown) => {
      undo();
      throw error;
    }).finally(() => replaced.forEach((revision, id) => replacing.get(id) === revision && replacing.delete(id)));
    await ledger.save();
  };

  return { read, change };
}
