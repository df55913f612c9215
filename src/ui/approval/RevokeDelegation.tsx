/**
 * The popup's "Revert to a plain account", reviewed: exactly what is signed (one type-4 transaction to the account
 * itself, value 0, no data, authorizing address zero), the delegation it removes, and the fee tier.
 */
import { ZeroAddress } from 'ethers';
import { useState } from 'react';
import type { FeeTier } from '../../shared/fees';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { Decision } from './Decision';
import { FeeTiers, TIER_LABELS } from './FeeTiers';
import { PreviewPanel } from './PreviewPanel';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';
import { usePreview } from './usePreview';

export function RevokeDelegation({ approval }: ScreenProps<'revokeDelegation'>) {
  const { details } = approval;
  const [tier, setTier] = useState<FeeTier>('market');
  const preview = usePreview(approval.id);
  return (
    <Screen
      title="Revert to a plain account"
      origin={approval.origin}
      network={details.networkName}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, tier)} />}
    >
      <p>
        Your account stops delegating to a contract: its code becomes empty and it works as a plain account again.
        Atomic batches will ask to upgrade again.
      </p>
      <PreviewPanel state={preview} fee={{ maxFee: details.maxFees[tier], symbol: details.symbol, tier: TIER_LABELS[tier] }} />
      <Rows label="Signed">
        <Row label="Account"><AddressText address={details.from} /></Row>
        <Row label="Delegates now to" name="Delegate">{details.delegateName ? `${details.delegateName} ` : ''}<AddressText address={details.delegate} /></Row>
        <Row label="Transaction">Type 4 (EIP-7702) to your own account, value 0, no data</Row>
        <Row label="Authorization" mono>delegate to {ZeroAddress} (chain {BigInt(details.chainId).toString()})</Row>
        <Row label="Gas limit">{details.gasLimit}</Row>
        <Row label="Max network fee"><Amount units={details.maxFees[tier]} symbol={details.symbol} /></Row>
      </Rows>
      <FeeTiers maxFees={details.maxFees} symbol={details.symbol} tier={tier} onChange={setTier} />
    </Screen>
  );
}
