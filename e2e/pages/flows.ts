/** Steps many specs share. */
import { Interface, Wallet, parseEther, toQuantity } from 'ethers';
import { poll } from '../driver/poll';
import type { BrowserSession } from '../driver/types';
import { ApprovalWindow } from './approval';
import type { Dapp, RpcOutcome } from './dapp';

const ERC20 = new Interface(['function transfer(address to, uint256 amount)']);

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

/** What the dapp asked by requestTokenAndEthBatch: its approval (shown), the pending reply, and who gets the amounts. */
export interface TokenAndEthBatch {
  recipient: string;
  approval: ApprovalWindow;
  sending: Promise<RpcOutcome>;
}

/**
 * The dapp asks for an atomic batch sending a new address 1.5 of `token` (the devnet's TST) and 0.001 ETH; the approval
 * opens and the user accepts the account's upgrade it offers first. The spec reads the preview, then approves.
 */
export async function requestTokenAndEthBatch(dapp: Dapp, session: BrowserSession, from: string, token: string): Promise<TokenAndEthBatch> {
  const recipient = Wallet.createRandom().address;
  const calls = [
    { to: token, value: '0x0', data: ERC20.encodeFunctionData('transfer', [recipient, parseEther('1.5')]) },
    { to: recipient, value: toQuantity(parseEther('0.001')) },
  ];
  const sending = dapp.request('wallet_sendCalls', [{ version: '2.0.0', from, chainId: '0x7a69', atomicRequired: true, calls }]);
  const approval = await ApprovalWindow.next(session);
  await approval.acceptUpgrade();
  return { recipient, approval, sending };
}
