/** The executor that runs a batch record: the dispatcher's only decision after planning. */
import type { BatchRecord } from '../types';
import { atomic } from './atomic';
import type { Executor } from './executor';
import { revokeDelegation, revokeDelegationOf } from './revokeDelegation';
import { sequential } from './sequential';
import { sponsored } from './sponsored';

export const executorOf = (batch: BatchRecord): Executor =>
  batch.kind === 'revokeDelegation' ? revokeDelegation : batch.kind === 'revokeDelegationOf' ? revokeDelegationOf : batch.sponsor ? sponsored : batch.atomic ? atomic : sequential;
