/** wallet_getCapabilities (EIP-5792): what the wallet can do for an account, per chain. */
import { invalidParams } from '../../shared/errors';
import { SIMPLE_7702_ACCOUNT, isDelegatedTo } from '../../shared/contracts';
import { canSponsor, type Network } from '../../shared/networks';
import { address, positional, quantity, type Hex } from '../../shared/params';
import { callNode, nodeOf } from '../networks/rpcClient';
import { method, type DappTable } from './types';
import type { AtomicStatus, ChainCapabilities } from './dappMethods';

/** Other chains' nodes are asked briefly: an unreachable chain must not hold up the answer. */
const OTHER_CHAIN_TIMEOUT_MS = 1500;


function parse(params: unknown): { account: Hex; chainIds?: Hex[] } {
  const [account, chainIds] = positional(params, 'wallet_getCapabilities', 1, 2);
  if (chainIds === undefined) return { account: address(account, 'address') };
  if (!Array.isArray(chainIds)) throw invalidParams('chainIds must be an array of hex chain ids');
  return { account: address(account, 'address'), chainIds: chainIds.map((c, i) => quantity(c, `chainIds[${i}]`)) };
}

/**
 * "supported" once the account delegates to Simple7702Account, "ready" while it can still be upgraded,
 * "unsupported" where it cannot (no EIP-7702, or the account already has other code: wallet_sendCalls would say 5760).
 */
export async function atomicStatus(network: Network, account: Hex, timeoutMs?: number): Promise<AtomicStatus> {
  if (!network.eip7702) return 'unsupported';
  let code: string;
  try {
    code = await callNode<string>(nodeOf(network), 'eth_getCode', [account, 'pending'], timeoutMs);
  } catch {
    // An unreachable chain: nothing is known against an upgrade there.
    return 'ready';
  }
  if (isDelegatedTo(code, SIMPLE_7702_ACCOUNT)) return 'supported';
  return code === '0x' ? 'ready' : 'unsupported';
}

export const capabilityMethods = {
  wallet_getCapabilities: method({
    parse,
    auth: 'account',
    account: (params) => params.account,
    // Every network's node, on every call.
    node: true,
    async handle({ chainIds }, { services, account }) {
      const selected = await services.networks.selected();
      const wanted = (await services.networks.all()).filter((n) => !chainIds || chainIds.some((c) => BigInt(c) === BigInt(n.chainId)));
      const entries = await Promise.all(
        wanted.map(async (network): Promise<[Hex, ChainCapabilities]> => {
          const timeout = network.chainId === selected.chainId ? undefined : OTHER_CHAIN_TIMEOUT_MS;
          const atomic = { status: await atomicStatus(network, account, timeout) };
          return [network.chainId, { atomic, paymasterService: { supported: canSponsor(network) }, dataSuffix: { supported: true }, assetDiscovery: { supported: true } }];
        }),
      );
      return Object.fromEntries(entries);
    },
  }),
} satisfies DappTable;
