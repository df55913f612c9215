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
import { t } from '../i18n/t';
import { Decision, onLedger } from './Decision';
import { FeeTiers, TIER_LABELS } from './FeeTiers';
import { PreviewPanel } from './PreviewPanel';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';
import { usePreview } from './usePreview';

export function RevokeDelegation({ approval, state }: ScreenProps<'revokeDelegation'>) {
  const { details } = approval;
  const [tier, setTier] = useState<FeeTier>('market');
  const preview = usePreview(approval.id);
  return (
    <Screen
      title={t('review_revertTitle')}
      origin={approval.origin}
      network={details.networkName}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, tier)} ledger={onLedger(state, details.from)} />}
    >
      <p>{t('review_revokeExplained')}</p>
      <PreviewPanel state={preview} fee={{ maxFee: details.maxFees[tier], symbol: details.symbol, tier: TIER_LABELS[tier] }} />
      <Rows label={t('review_signed')}>
        <Row label={t('review_account')}><AddressText address={details.from} /></Row>
        <Row label={t('review_delegatesNowTo')} name={t('review_delegate')}>{details.delegateName ? `${details.delegateName} ` : ''}<AddressText address={details.delegate} /></Row>
        <Row label={t('review_transaction')}>{t('review_revokeTransaction')}</Row>
        <Row label={t('review_authorization')} mono>{t('review_revokeAuthorization', { address: ZeroAddress, chain: BigInt(details.chainId).toString() })}</Row>
        <Row label={t('review_gasLimit')}>{details.gasLimit}</Row>
        <Row label={t('review_maxNetworkFee')}><Amount units={details.maxFees[tier]} symbol={details.symbol} /></Row>
      </Rows>
      <FeeTiers maxFees={details.maxFees} symbol={details.symbol} tier={tier} onChange={setTier} />
    </Screen>
  );
}
