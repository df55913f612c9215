/**
 * Where MetaMask's Delegation Framework 1.3.0 is on a chain (@metamask/delegation-deployments): the
 * DelegationManager that redeems grants and the caveat enforcers that bound them. The devnet deploys it at mainnet's
 * addresses (devnet/delegationFramework.ts).
 */
import { DELEGATOR_CONTRACTS } from '@metamask/delegation-deployments';
import type { Hex } from '../../shared/params';

export const FRAMEWORK_VERSION = '1.3.0';
const DEVNET_CHAIN_ID = 31337;

export interface Framework {
  delegationManager: Hex;
  enforcers: {
    erc20PeriodTransfer: Hex;
    erc20Streaming: Hex;
    nativeTokenPeriodTransfer: Hex;
    nativeTokenStreaming: Hex;
    valueLte: Hex;
    exactCalldata: Hex;
    nonce: Hex;
    timestamp: Hex;
    redeemer: Hex;
    allowedCalldata: Hex;
    allowedTargets: Hex;
  };
}

/** The framework on `chainId`, or undefined where MetaMask has not deployed it. */
export function frameworkOn(chainId: number): Framework | undefined {
  const contracts = DELEGATOR_CONTRACTS[FRAMEWORK_VERSION][chainId === DEVNET_CHAIN_ID ? 1 : chainId] as Record<string, Hex> | undefined;
  if (!contracts) return undefined;
  return {
    delegationManager: contracts.DelegationManager,
    enforcers: {
      erc20PeriodTransfer: contracts.ERC20PeriodTransferEnforcer,
      erc20Streaming: contracts.ERC20StreamingEnforcer,
      nativeTokenPeriodTransfer: contracts.NativeTokenPeriodTransferEnforcer,
      nativeTokenStreaming: contracts.NativeTokenStreamingEnforcer,
      valueLte: contracts.ValueLteEnforcer,
      exactCalldata: contracts.ExactCalldataEnforcer,
      nonce: contracts.NonceEnforcer,
      timestamp: contracts.TimestampEnforcer,
      redeemer: contracts.RedeemerEnforcer,
      allowedCalldata: contracts.AllowedCalldataEnforcer,
      allowedTargets: contracts.AllowedTargetsEnforcer,
    },
  };
}
