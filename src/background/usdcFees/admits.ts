/**
 * Whether the USDC paymaster takes this sender's fee now: its owner can pause it and deny senders (docs/security.md).
 * Read before the screen offers USDC and again before the permit is signed: a permit given to a bundler that then
 * refuses the op stays valid, and the op could land once the owner lets it, while an account that pays in USDC often
 * holds no ETH for the Cancel that would end it. Only a plain "yes" refuses: a paymaster without these getters (or a
 * node that does not answer) leaves it to the paymaster's validation, as before.
 */
import { id } from 'ethers';
import { PaymasterErrorCode, RpcError } from '../../shared/errors';
import { lazy } from '../../shared/lazy';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';

const selectors = lazy(() => ({ paused: id('paused()').slice(0, 10), denied: id('denied(address)').slice(0, 10) }));
const YES = `0x${'1'.padStart(64, '0')}`;

const says = (node: ChainNode, paymaster: Hex, data: string): Promise<boolean> =>
  node<unknown>('eth_call', [{ to: paymaster, data }, 'latest']).then((answer) => answer === YES, () => false);

export async function assertAdmits(node: ChainNode, paymaster: Hex, sender: Hex): Promise<void> {
  const { paused, denied } = selectors();
  const [isPaused, isDenied] = await Promise.all([
    says(node, paymaster, paused), says(node, paymaster, `${denied}${sender.slice(2).toLowerCase().padStart(64, '0')}`),
  ]);
  if (isPaused) throw new RpcError(PaymasterErrorCode.serviceError, `The USDC paymaster at ${paymaster} is paused: it takes no fee now; nothing was signed or sent`);
  if (isDenied) throw new RpcError(PaymasterErrorCode.serviceError, `The USDC paymaster at ${paymaster} refuses fees from ${sender}; nothing was signed or sent`);
}
