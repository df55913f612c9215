/** Steps many specs share. */
import type { BrowserContext } from '@playwright/test';
import type { Dapp } from './dapp';
import { ApprovalWindow } from './wallet';

/** The dapp asks to connect and the user approves with the preselected account; returns the accounts it got. */
export async function connect(dapp: Dapp, context: BrowserContext): Promise<string[]> {
  const connecting = dapp.request('eth_requestAccounts');
  await (await ApprovalWindow.next(context)).connect();
  const outcome = await connecting;
  if (!('result' in outcome)) throw new Error(`connect failed: ${JSON.stringify(outcome.error)}`);
  return outcome.result as string[];
}
