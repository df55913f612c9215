/** The executor that runs a batch record: the one its plan named. */
import type { BatchRecord, ExecutorKind } from '../types';
import { atomic } from './atomic';
import type { Executor } from './executor';
import { revokeDelegation, revokeDelegationOf, upgradeAccount } from './revokeDelegation';
import { sequential } from './sequential';
import { sponsored } from './sponsored';
import { usdc } from './usdc';

const EXECUTORS: Record<ExecutorKind, Executor> = { atomic, sequential, sponsored, usdc, revokeDelegation, revokeDelegationOf, upgradeAccount };

/** A record stored before plans named their executor: told from the flags the plans set. */
const fromFlags = (batch: BatchRecord): ExecutorKind =>
  batch.kind === 'revokeDelegation' || batch.kind === 'revokeDelegationOf' ? batch.kind : batch.sponsor ? 'sponsored' : batch.atomic ? 'atomic' : 'sequential';

export const executorOf = (batch: BatchRecord): Executor => EXECUTORS[batch.executor ?? fromFlags(batch)];
