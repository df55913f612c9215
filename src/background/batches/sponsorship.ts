/**
 * The paymasterService capability (spec 2.6, 7.4) of a new batch: which ERC-7677 service pays, and which bundler
 * takes the userOp. The network's bundler when the user set one; else the paymaster service itself when it bundles
 * for EntryPoint v0.8 (Coinbase CDP, Pimlico and Alchemy serve both on one URL); else the keyless public bundler the
 * release knows for the chain; with none it is unsupported, so 5700 unless optional (then the user pays). A bad URL is
 * 4200, and so is one on this machine outside the devnet build.
 */
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import { BatchErrorCode, RpcError } from '../../shared/errors';
import type { Network } from '../../shared/networks';
import { parsePaymasterCapability } from '../../shared/schemas/paymasterCapability';
import { servesBundlerV08 } from '../paymaster/client';
import type { Sponsorship } from './types';

export async function sponsorshipFor(network: Network, capabilities: Record<string, unknown>, devnetBuild: boolean): Promise<Sponsorship | undefined> {
  const requested = capabilities.paymasterService as { optional?: unknown } | undefined;
  if (requested === undefined) return undefined;
  const { url, context } = parsePaymasterCapability(requested, devnetBuild);
  const bundlerUrl = network.bundlerUrl ?? ((await servesBundlerV08(url)) ? url : network.publicBundlerUrl);
  if (bundlerUrl) return { url, context, bundlerUrl };
  if (requested?.optional === true) return undefined;
  throw new RpcError(
    BatchErrorCode.unsupportedCapability,
    `Paymaster capability required, but ${network.name} (${network.chainId}) has no bundler set, the paymaster service does not bundle for EntryPoint v0.8 (its eth_supportedEntryPoints does not list ${ENTRY_POINT_V08}) and no keyless public bundler is known for the chain: set a bundler for the network`,
  );
}

/**
 * Where a prepared sponsored batch goes now: the bundler the user set for the network wins, also over the paymaster's
 * own URL chosen while none was set (a site's server then no longer submits it); else the one chosen then. A batch no
 * site sponsors (its fee paid in USDC) goes to the user's bundler, else the network's keyless public one.
 */
export const bundlerUrlOf = (network: Network, sponsorship: Sponsorship | undefined): string | undefined =>
  network.bundlerUrl ?? (sponsorship ? sponsorship.bundlerUrl : network.publicBundlerUrl);
