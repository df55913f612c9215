/** eth_sendTransaction approval: what will happen (simulated), the call in words, and the fee tier. */
import { useState } from 'react';
import { callDangers } from '../../shared/decodedCall';
import type { FeeTier } from '../../shared/fees';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { Notice } from '../components/Notice';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { revertWarningText } from '../format/revertWarningText';
import { t } from '../i18n/t';
import { CallCard } from './CallCard';
import { useDangerGate } from './Dangers';
import { FeeTiers, TIER_LABELS } from './FeeTiers';
import { LookAlikeRecipients } from './LookAlikeRecipients';
import { PreviewPanel } from './PreviewPanel';
import { ReplacedByNonce } from './ReplacedByNonce';
import { Decision, onLedger } from './Decision';
import { approve, reject } from './resolve';
import { useRevertGate } from './RevertGate';
import type { ScreenProps } from './screenProps';
import { usePreview } from './usePreview';

export function SendTransaction({ approval, state }: ScreenProps<'sendTransaction'>) {
  const { details } = approval;
  const { call, symbol } = details;
  const [tier, setTier] = useState<FeeTier>('market');
  const preview = usePreview(approval.id);
  const revertGate = useRevertGate(preview);
  const dangerGate = useDangerGate(callDangers(call), 'Approve');
  const tokens = !preview.loading && 'preview' in preview ? preview.preview.tokens : {};
  const maxFee = details.maxFees.fixed ?? details.maxFees[tier] ?? '0';
  return (
    <Screen
      title={t('review_sendTitle')}
      origin={approval.origin}
      network={details.networkName}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, tier)} blocked={revertGate.blocked || dangerGate.blocked} ledger={onLedger(state, details.from)} />}
    >
      <PreviewPanel state={preview} fee={{ maxFee, symbol, tier: details.maxFees.fixed ? t('review_feeSetBySite') : TIER_LABELS[tier] }} />
      {details.warning && <Notice tone="warn" label={t('review_gasEstimate')}>{revertWarningText(details.warning)}</Notice>}
      {details.revokeAll && <Notice tone="info" label={t('review_revokeAll')}>{t('review_revokeAllNotice', { network: details.networkName, count: details.revokeAll.increments })}</Notice>}
      <LookAlikeRecipients lookAlikes={details.lookAlikeRecipients} />
      {details.replaces && <ReplacedByNonce replaces={details.replaces} origin={approval.origin} symbol={symbol} tokens={tokens} />}
      {revertGate.gate}
      <Rows>
        <Row label={t('review_from')}><AddressText address={details.from} /></Row>
        <Row label={t('review_to')} mono>{call.to ?? t('review_contractCreation')}</Row>
        <Row label={t('review_value')}><Amount units={call.value} symbol={symbol} /></Row>
        <Row label={t('review_maxNetworkFee')}><Amount units={maxFee} symbol={symbol} /></Row>
        {details.l1Fee && <Row label={t('review_l1Fee')}><Amount units={details.l1Fee} symbol={symbol} /></Row>}
      </Rows>
      {call.dataSize > 0 && <ol className="calls" aria-label={t('review_calls')}><CallCard call={call} label={t('review_oneCall')} symbol={symbol} tokens={tokens} /></ol>}
      {dangerGate.gate}
      {!details.maxFees.fixed && <FeeTiers maxFees={details.maxFees} symbol={symbol} tier={tier} onChange={setTier} />}
    </Screen>
  );
}
