/** wallet_getCapabilities (EIP-5792): what the wallet can do for an account, per chain. */
import { invalidParams } from '../../shared/errors';
import { walletDelegateOf, type AccountKind } from '../../shared/delegates';
import type { DetectedFacts } from '../../shared/networkFacts';
import { canSponsor, type Network } from '../../shared/networks';
import { address, positional, quantity, type Hex } from '../../shared/params';
import type { Services } from '../services';
import { type DappTable, methodsUsing } from './types';
import type { AtomicStatus, ChainCapabilities } from './dappMethods';

/** The services these methods use. */
type Uses = 'accounts' | 'detection' | 'deviceSigning' | 'networks' | 'nodeFor';
const method = methodsUsing<Uses>();

/**
 * The whole answer comes within this: a network whose node does not answer (offline, down, hanging) is reported from
 * what is already known of it (its detected facts, else the release's), never waited on.
 */
export const CAPABILITIES_DEADLINE_MS = 2000;

function parse(params: unknown): { account: Hex; chainIds?: Hex[] } {
  const [account, chainIds] = positional(params, 'wallet_getCapabilities', 1, 2);
  if (chainIds === undefined) return { account: address(account, 'address') };
  if (!Array.isArray(chainIds)) throw invalidParams('chainIds must be an array of hex chain ids');
  return { account: address(account, 'address'), chainIds: chainIds.map((c, i) => quantity(c, `chainIds[${i}]`)) };
}

/** The account's code is read with this timeout, so no read outlives the answer by much. */
const CODE_TIMEOUT_MS = 1500;

/**
 * "supported" once the account delegates to one of the wallet's delegates (Simple7702Account, the DeleGator; for a
 * Ledger account, the Ledger app's Simple7702Account too), "ready" while it can still be upgraded, "unsupported" where it
 * cannot (no EIP-7702, or the account already has other code: wallet_sendCalls would say 5760).
 */
export function atomicStatus(network: Pick<Network, 'eip7702'>, code: string, account: AccountKind = { ledger: false }): AtomicStatus {
  if (!network.eip7702) return 'unsupported';
  if (walletDelegateOf(code, account)) return 'supported';
  return code === '0x' ? 'ready' : 'unsupported';
}

/**
 * MetaMask's `alternateGasFees`: the fee can be paid in USDC, where the release names the chain's USDC paymaster,
 * detection found its code (through the network's present endpoints), the chain runs EIP-7702 and a bundler takes the
 * userOp. Not yet detected counts as not supported: the answer never waits for it.
 */
export const alternateGasFeesSupported = (network: Network, facts: DetectedFacts | undefined): boolean =>
  network.usdcPaymaster !== undefined && network.eip7702 && (network.bundlerUrl ?? network.publicBundlerUrl) !== undefined
  && facts?.usdcPaymaster === true && facts.rpcUrls.join(' ') === network.rpcUrls.join(' ');

/** `work`'s result, or `fallback` when it fails or `deadline` comes first. */
const byDeadline = <T>(work: Promise<T>, deadline: Promise<void>, fallback: T): Promise<T> =>
  Promise.race([work.catch(() => fallback), deadline.then(() => fallback)]);

export async function capabilities(
  { accounts, networks, detection, nodeFor, deviceSigning }: { accounts: Pick<Services['accounts'], 'ledgerPath'>; deviceSigning: Pick<Services['deviceSigning'], 'upgradeRefused'> } & Pick<Services, 'networks' | 'detection' | 'nodeFor'>,
  account: Hex,
  chainIds: Hex[] | undefined,
): Promise<Record<Hex, ChainCapabilities>> {
  // A Ledger account signs a sponsored userOp on the device (rpc/deviceUserOperation.ts), not yet one paying its fee in USDC.
  const kind: AccountKind = { ledger: Boolean(await accounts.ledgerPath(account)) };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<void>((resolve) => (timer = setTimeout(resolve, CAPABILITIES_DEADLINE_MS)));
  const wanted = (await networks.all()).filter((n) => !chainIds || chainIds.some((c) => BigInt(c) === BigInt(n.chainId)));
  try {
    // Each network on its own: one whose node hangs leaves the others' answers as their nodes gave them.
    const entries = await Promise.all(wanted.map(async (known): Promise<[Hex, ChainCapabilities]> => {
      // Read while the facts are detected (on a network's first use; the registry lays them over the release's).
      const code = nodeFor(known.chainId).then((node) => node<string>('eth_getCode', [account, 'pending'], { timeoutMs: CODE_TIMEOUT_MS }));
      const facts = detection.facts(known);
      const detected = facts.then(async () => (await networks.all()).find((n) => n.chainId === known.chainId) ?? known);
      const network = await byDeadline(detected, deadline, known);
      const alternateGasFees = { supported: !kind.ledger && alternateGasFeesSupported(network, await byDeadline(facts, deadline, undefined)) };
      // A node that does not answer says nothing against an upgrade there.
      const unknown: AtomicStatus = network.eip7702 ? 'ready' : 'unsupported';
      // A plain Ledger account whose device refused the upgrade here cannot be upgraded (until it signs one); false for any other.
      const refused = deviceSigning.upgradeRefused(account, known.chainId);
      const atomic = { status: await byDeadline(code.then(async (c): Promise<AtomicStatus> => (c === '0x' && (await refused) ? 'unsupported' : atomicStatus(network, c, kind))), deadline, unknown) };
      return [network.chainId, { atomic, paymasterService: { supported: canSponsor(network) }, alternateGasFees, dataSuffix: { supported: true }, assetDiscovery: { supported: true } }];
    }));
    return Object.fromEntries(entries);
  } finally {
    clearTimeout(timer);
  }
}

export const capabilityMethods = {
  wallet_getCapabilities: method({
    parse,
    auth: 'account',
    account: (params) => params.account,
    // Every network's node, on every call.
    node: true,
    handle: ({ chainIds }, { services, account }) => capabilities(services, account, chainIds),
  }),
} satisfies DappTable;
