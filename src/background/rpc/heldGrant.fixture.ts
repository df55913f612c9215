/** A site's grant the wallet holds, on the devnet, for the tests of its revokes asked twice or once it is revoked. */
import type { Hex } from '../../shared/params';
import { frameworkOn } from '../executionPermissions/framework';
import type { GrantRecord } from '../executionPermissions/store';

export const ACCOUNT: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
export const SITE = 'https://dapp.example';
export const held = {
  origin: SITE, chainId: '0x7a69', from: ACCOUNT, context: '0xc0', id: `0x${'1'.repeat(64)}`, grantedAt: 1, delegationManager: frameworkOn(31337)!.delegationManager,
  delegation: { delegate: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', delegator: ACCOUNT, authority: `0x${'f'.repeat(64)}`, caveats: [], salt: '0x1', signature: '0x1234' },
} as unknown as GrantRecord;
