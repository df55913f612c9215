/** What the grants' list is kept with (store.ts GrantsCode), as the worker's later script gives it, for unit tests. */
import { fakeBatches } from '../batches/storeFake.fixture';
import { grantsWithShape } from './grantShape';
import { keptRevokes } from './revoked';
import { withRoomFor } from './room';
import type { GrantsCode } from './store';

export const grantsCode: GrantsCode = { grantsWithShape, withRoomFor, keptRevokes };

/** The wallet's batch records when they hold no revoke: a revoke counts by the outcome written on it alone (revoked.ts). */
export const noRevokeRecords = fakeBatches([]);
