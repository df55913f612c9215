/**
 * The caveats of a grant: what bounds the session account's redemptions on chain, as MetaMask's permission types
 * build and decode them (@metamask/7715-permission-types: each type's own caveats, then the delegator's nonce, which
 * revokes every grant at once when raised, then one caveat per rule). Terms are packed by hand, as delegation-core
 * packs them (caveats.test.ts holds the two side by side), rather than bundling its @metamask/utils.
 */
import type { Hex } from '../../shared/params';
import { MAX_UINT256, type Permission, type PermissionRequest } from '../../shared/schemas/executionPermissions';
import type { Framework } from './framework';

export interface Caveat {
  enforcer: Hex;
  terms: Hex;
  args: Hex;
}

/** A uint of `bytes` bytes, as hex digits without 0x. */
const uint = (value: bigint | number | Hex, bytes = 32): string => BigInt(value).toString(16).padStart(bytes * 2, '0');
const packed = (...parts: string[]): Hex => `0x${parts.join('')}`;
const addressDigits = (address: Hex): string => address.slice(2).toLowerCase();
const caveat = (enforcer: Hex, terms: Hex): Caveat => ({ enforcer, terms, args: '0x' });

/** The type's own caveats: the amount it bounds, and that nothing else moves (no ETH with a token, no calldata with ETH). */
export function permissionCaveats(permission: Permission, { enforcers }: Framework): Caveat[] {
  const { data } = permission;
  const noValue = caveat(enforcers.valueLte, packed(uint(0)));
  const noCalldata = caveat(enforcers.exactCalldata, '0x');
  switch (permission.type) {
    case 'erc20-token-periodic':
      return [caveat(enforcers.erc20PeriodTransfer, packed(addressDigits(permission.data.tokenAddress), uint(permission.data.periodAmount), uint(permission.data.periodDuration), uint(data.startTime))), noValue];
    case 'erc20-token-allowance':
      return [caveat(enforcers.erc20PeriodTransfer, packed(addressDigits(permission.data.tokenAddress), uint(permission.data.allowanceAmount), uint(MAX_UINT256), uint(data.startTime))), noValue];
    case 'erc20-token-stream': {
      const { tokenAddress, initialAmount, maxAmount, amountPerSecond } = permission.data;
      return [caveat(enforcers.erc20Streaming, packed(addressDigits(tokenAddress), uint(initialAmount), uint(maxAmount), uint(amountPerSecond), uint(data.startTime))), noValue];
    }
    case 'native-token-periodic':
      return [caveat(enforcers.nativeTokenPeriodTransfer, packed(uint(permission.data.periodAmount), uint(permission.data.periodDuration), uint(data.startTime))), noCalldata];
    case 'native-token-allowance':
      return [caveat(enforcers.nativeTokenPeriodTransfer, packed(uint(permission.data.allowanceAmount), uint(MAX_UINT256), uint(data.startTime))), noCalldata];
    case 'native-token-stream': {
      const { initialAmount, maxAmount, amountPerSecond } = permission.data;
      return [caveat(enforcers.nativeTokenStreaming, packed(uint(initialAmount), uint(maxAmount), uint(amountPerSecond), uint(data.startTime))), noCalldata];
    }
  }
}

/**
 * Every caveat of the grant. `nonce`: the delegator's current nonce at the NonceEnforcer (read on chain), so
 * raising it revokes this grant with every other.
 */
export function grantCaveats({ permission, rules }: Pick<PermissionRequest, 'permission' | 'rules'>, framework: Framework, nonce: bigint): Caveat[] {
  const { enforcers } = framework;
  const erc20 = permission.type.startsWith('erc20-');
  const ruleCaveats = rules.map((rule): Caveat => {
    switch (rule.type) {
      case 'expiry': return caveat(enforcers.timestamp, packed(uint(0, 16), uint(rule.data.timestamp, 16)));
      case 'redeemer': return caveat(enforcers.redeemer, packed(...rule.data.addresses.map(addressDigits)));
      // An ERC-20 transfer's recipient is its calldata's first argument (after the 4-byte selector).
      case 'payee':
        return erc20
          ? caveat(enforcers.allowedCalldata, packed(uint(4), uint(rule.data.addresses[0])))
          : caveat(enforcers.allowedTargets, packed(...rule.data.addresses.map(addressDigits)));
    }
  });
  return [...permissionCaveats(permission, framework), caveat(enforcers.nonce, packed(uint(nonce))), ...ruleCaveats];
}
