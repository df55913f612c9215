/** Steps many specs share. */
import { poll } from '../driver/poll';
import type { BrowserSession } from '../driver/types';
import { ApprovalWindow } from './approval';
import type { Dapp, RpcOutcome } from './dapp';

/** wallet_getCallsStatus's answer, the fields the tests read. */
export type CallsStatus = {
  version: string;
  id: string;
  chainId: string;
  status: number;
  atomic: boolean;
  receipts: { status: string; transactionHash: string; logs: unknown[] }[];
};

/** The dapp asks to connect and the user approves with the preselected account; returns the accounts it got. */
export async function connect(dapp: Dapp, session: BrowserSession): Promise<string[]> {
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(session)).connect();
  const outcome = await connecting;
  if (!('result' in outcome)) throw new Error(`connect failed: ${JSON.stringify(outcome.error)}`);
  return outcome.result as string[];
}

/** The id wallet_sendCalls answered, or an error naming what it answered instead. */
export function sentId(outcome: RpcOutcome): string {
  if (!('result' in outcome)) throw new Error(`wallet_sendCalls failed: ${JSON.stringify(outcome.error)}`);
  return (outcome.result as { id: string }).id;
}

/** The batch's status once it is no longer pending (100), as the dapp reads it. A userOp also waits for a bundle. */
export function finalStatus(dapp: Dapp, id: string, timeoutMs?: number): Promise<CallsStatus> {
  return poll(
    `batch ${id} to settle`,
    async () => {
      const status = await dapp.result<CallsStatus>('wallet_getCallsStatus', [id]);
      return status.status === 100 ? undefined : status;
    },
    timeoutMs,
  );
}
