/** The paymasterService capability of wallet_sendCalls (ERC-7677): where to ask for sponsorship. */
import { PaymasterErrorCode, RpcError } from '../errors';
import { hostKind } from '../hosts';

export interface PaymasterCapability {
  url: string;
  context: Record<string, unknown>;
  optional: boolean;
}

const invalidUrl = (why: string) => new RpcError(PaymasterErrorCode.invalidUrl, `Invalid paymaster URL: ${why}`);

/**
 * The service is asked before the user sees anything, so its host must not be on this machine or the user's network
 * (a page would probe them through the wallet): only a public host, over https. In the devnet build only, whatever
 * the selected network: a loopback host too (the devnet's paymaster), over http or https.
 */
function checkHost(url: URL, devnetBuild: boolean): void {
  const kind = hostKind(url.hostname);
  if (kind === 'loopback' && devnetBuild) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidUrl(`${url.href} must use https`);
    return;
  }
  if (kind !== 'public') throw invalidUrl(`${url.href} names a ${kind} host; a paymaster service must be public`);
  if (url.protocol !== 'https:') throw invalidUrl(`${url.href} must use https`);
}

/** `devnetBuild`: scripts/build.ts's devnet build, whose paymaster runs on this machine. */
export function parsePaymasterCapability(value: unknown, devnetBuild: boolean): PaymasterCapability {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalidUrl('capabilities.paymasterService must be an object with a url');
  const { url, context, optional } = value as Record<string, unknown>;
  if (typeof url !== 'string' || url === '') throw invalidUrl('capabilities.paymasterService.url is required');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw invalidUrl(`${JSON.stringify(url)} does not parse as a URL`);
  }
  checkHost(parsed, devnetBuild);
  if (context !== undefined && (typeof context !== 'object' || context === null || Array.isArray(context))) {
    throw invalidUrl('capabilities.paymasterService.context must be an object when given');
  }
  return { url, context: (context as Record<string, unknown>) ?? {}, optional: optional === true };
}
