/** Steps the Firefox tests share, as e2e/pages/flows.ts does for the Chromium specs. */
import type { FirefoxWallet } from '../browser';
import { poll } from '../poll';
import type { Dapp } from './dapp';
import { ApprovalWindow } from './wallet';

/** wallet_getCallsStatus's answer, the fields the tests read. */
export type CallsStatus = { id: string; chainId: string; status: number; atomic: boolean; receipts: { status: string; transactionHash: string }[] };

/** The dapp asks to connect and the user approves with the preselected account; returns the accounts it got. */
export async function connect(dapp: Dapp, firefox: FirefoxWallet): Promise<string[]> {
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(firefox)).connect();
  const outcome = await connecting;
  if (!('result' in outcome)) throw new Error(`connect failed: ${JSON.stringify(outcome.error)}`);
  return outcome.result as string[];
}

/** The id wallet_sendCalls answered, or an error naming what it answered instead. */
export function sentId(outcome: Awaited<ReturnType<Dapp['request']>>): string {
  if (!('result' in outcome)) throw new Error(`wallet_sendCalls failed: ${JSON.stringify(outcome.error)}`);
  return (outcome.result as { id: string }).id;
}

/** The batch's status once it is no longer pending (100), as the dapp reads it. */
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
