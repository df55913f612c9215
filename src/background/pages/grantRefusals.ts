/**
 * The popup Permissions' refusals (grants.ts's Revoke and Revoke all, ../executionPermissions/nonce.ts's Revoke all
 * call) as refusalWords.ts reads them: the screen says them under its buttons. A grant's id, an address, a chain and
 * the counts are values as written.
 */
import type { ErrorKey } from '../../shared/errorWords';

const ADDRESS = String.raw`(?<address>0x[0-9a-fA-F]{40})`;

export const GRANT_REFUSALS: [RegExp, ErrorKey][] = [
  [/^No grant (?<id>0x[0-9a-fA-F]{64})$/, 'errors_noGrant'],
  [new RegExp(`^${ADDRESS} granted no permission on chain (?<chainId>0x[0-9a-fA-F]+)$`), 'errors_noGrants'],
  [new RegExp(String.raw`^Revoking all of ${ADDRESS}'s grants needs (?<increments>\d+) increments of its nonce, more than one transaction makes \((?<max>\d+)\): the node's nonce is far from what this wallet knows; try another node$`), 'errors_revokeAllTooMany'],
  [new RegExp(String.raw`^${ADDRESS} is not on the DeleGator now, which its Revoke all of (?<increments>\d+) increments needs in one transaction: no grant runs while it is not$`), 'errors_revokeAllNotDeleGator'],
];
