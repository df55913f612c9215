/** The method table: every RPC method a page may call, by name, and how each approval type finishes. */
import type { RpcResponse } from '../../shared/protocol';
import type { ApprovalDecision, ApprovalRecord, ApprovalType } from '../approvals/types';
import type { Services } from '../services';
import { accountMethods, completeConnect } from './accounts';
import { batchMethods, completeSendCalls } from './batches';
import { capabilityMethods } from './capabilities';
import { chainMethods, completeAddChain } from './chains';
import { nodeMethods } from './node';
import type { MethodTable } from './types';

export const methods: MethodTable = {
  ...nodeMethods,
  ...accountMethods,
  ...chainMethods,
  ...capabilityMethods,
  ...batchMethods,
};

type Completer = (services: Services, record: ApprovalRecord, decision: ApprovalDecision) => Promise<RpcResponse>;

export const approvalCompleters: Record<ApprovalType, Completer> = {
  connect: completeConnect,
  addChain: completeAddChain,
  sendCalls: completeSendCalls,
};
