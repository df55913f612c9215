/** What the grants' list is kept with (store.ts GrantsCode), as the worker's later script gives it, for unit tests. */
import type { BatchRecord } from '../batches/types';
import { grantsWithShape } from './grantShape';
import { keptRevokes } from './revoked';
import { withRoomFor } from './room';
import type { RevokeRecords } from './sentRevokes';
import type { GrantsCode } from './store';

export const grantsCode: GrantsCode = { grantsWithShape, withRoomFor, keptRevokes };

/**
 * The wallet's batch records as `records` holds them when read (a test may change it), each under its origin and id as
 * the batch store keeps them; authentic unless `authentic` says not.
 */
export const revokeRecords = (records: BatchRecord[], authentic: (batch: BatchRecord) => boolean = () => true): RevokeRecords => ({
  get: async (origin, id) => records.find((batch) => batch.origin === origin && batch.id === id),
  all: async () => records,
  authentic: async (batch) => authentic(batch),
});

/** The wallet's batch records when they hold no revoke: a revoke counts by the outcome written on it alone (revoked.ts). */
export const noRevokeRecords = revokeRecords([]);
