/** The method table: every RPC method a page may call, by name; each entry declares its auth and approval (types.ts). */
import { accountMethods } from './accounts';
import { assetMethods } from './assets';
import { batchMethods } from './batches';
import { capabilityMethods } from './capabilities';
import { chainMethods } from './chains';
import { connectMethods } from './connect';
import { executionPermissionMethods } from './executionPermissions';
import { grantRevokeMethods, siteRevokeMethods } from './grantRevokes';
import { filterMethods } from './filters';
import { subscriptionMethods } from './subscriptions';
import { transactionStatusMethods } from './transactionStatus';
import { firewallMethods } from './firewall';
import { nodeMethods } from './node';
import { permissionMethods } from './permissions';
import { signingMethods } from './signing';
import { tokenMethods } from './tokens';
import { transactionMethods } from './transactions';
import { walletRequestMethods } from './walletRequests';
import type { DappTable, MethodTable } from './types';

/** Every method DappMethods declares, each replying as declared. */
const ownMethods = {
  ...accountMethods,
  ...chainMethods,
  ...capabilityMethods,
  ...batchMethods,
  ...tokenMethods,
  ...assetMethods,
  ...transactionMethods,
  ...signingMethods,
  ...permissionMethods,
  ...connectMethods,
  ...executionPermissionMethods,
  ...siteRevokeMethods,
} satisfies Required<DappTable>;

export const methods: MethodTable = { ...nodeMethods, ...filterMethods, ...subscriptionMethods, ...transactionStatusMethods, ...ownMethods };

/**
 * Requests only the wallet itself makes (askAsWallet), whose approvals finish like a page's: no page's request
 * reaches this table.
 */
export const walletMethods: MethodTable = {
  ...firewallMethods,
  ...walletRequestMethods,
  ...grantRevokeMethods,
};

/** Methods dapps try that this wallet refuses on purpose, with the reason they get (4200). */
export const unsupportedReasons: Record<string, string> = {
  eth_sign: 'eth_sign is not supported: it signs raw hashes, a common phishing vector; use personal_sign or eth_signTypedData_v4',
  eth_signTransaction: 'eth_signTransaction is not supported: the wallet signs and sends in one step with eth_sendTransaction',
};
