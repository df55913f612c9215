/**
 * The popup's Speed up or Cancel, reviewed: which pending transaction (nonce, what it does), what replaces it (the
 * same calls, or a 0-value transfer to the account itself), and the new fees per tier, each ≥ +10% over the original's.
 */
import { useState } from 'react';
import type { GasFees } from '../../shared/approvals/transaction';
import type { FeeTier } from '../../shared/fees';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { Notice } from '../components/Notice';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { shortAddress } from '../format/amounts';
import { Message } from '../i18n/Message';
import { t, uiLocale } from '../i18n/t';
import { CallCard } from './CallCard';
import { Decision } from './Decision';
import { FeeTiers, TIER_LABELS } from './FeeTiers';
import { PreviewPanel } from './PreviewPanel';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';
import { usePreview } from './usePreview';

const percent = (share: bigint): string => new Intl.NumberFormat(uiLocale(), { style: 'percent', signDisplay: 'always' }).format(Number(share) / 100);
const raise = (next: string, previous: string): string => (BigInt(previous) === 0n ? '' : ` (${percent(((BigInt(next) - BigInt(previous)) * 100n) / BigInt(previous))})`);

/** "2.5 → 2.75 gwei (+10%)": per gas, in gwei, as fees are usually quoted. */
function FeeChange({ next, previous }: { next: string; previous: string }) {
  return <><Amount units={previous} decimals={9} symbol="gwei" /> → <Amount units={next} decimals={9} symbol="gwei" />{raise(next, previous)}</>;
}

export function ReplaceTransaction({ approval }: ScreenProps<'replaceTransaction'>) {
  const { details } = approval;
  const { symbol, original } = details;
  const [tier, setTier] = useState<FeeTier>('market');
  const preview = usePreview(approval.id);
  const tokens = !preview.loading && 'preview' in preview ? preview.preview.tokens : {};
  const fees: GasFees = details.fees[tier];
  const cancel = details.mode === 'cancel';
  return (
    <Screen
      title={cancel ? t('review_cancelTitle') : t('review_speedUpTitle')}
      origin={approval.origin}
      network={details.networkName}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, tier)} />}
    >
      <p>
        {cancel ? t('review_cancelExplained') : t('review_speedUpExplained')}
      </p>
      <PreviewPanel state={preview} fee={{ maxFee: details.maxFees[tier], symbol, tier: TIER_LABELS[tier] }} />
      <Rows label={t('review_replacedTransaction')}>
        <Row label={t('review_from')}><AddressText address={details.from} /></Row>
        <Row label={t('review_nonce')}>{details.nonce}</Row>
        <Row label={t('review_replaces')} mono>{details.hash}</Row>
        {details.batchOrigin !== approval.origin && <Row label={t('review_sentFor')}>{details.batchOrigin}</Row>}
      </Rows>
      <h2>{cancel ? t('review_whatWillNotRun') : t('review_whatItDoes')}</h2>
      {original.revokeDelegation
        ? <p aria-label={t('review_original')}>{t('review_revertToZero')}</p>
        : <ol className="calls" aria-label={t('review_original')}>{original.calls.map((call, i) => <CallCard key={i} call={call} label={t('review_originalCall', { number: (i + 1).toLocaleString(uiLocale()) })} symbol={symbol} tokens={tokens} />)}</ol>}
      {original.authorizations && (
        <Rows label={t('review_authorizationsAgain')}>
          {original.authorizations.map((a, i) => (
            <Row key={i} label={t('review_accountOf', { address: shortAddress(a.authority) })}>
              {BigInt(a.delegate) === 0n ? t('review_becomesPlain') : <Message id="review_delegatesTo" values={{ delegate: a.delegateName ?? <AddressText address={a.delegate} /> }} />}
            </Row>
          ))}
        </Rows>
      )}
      {details.cancel && (
        <>
          <h2>{t('review_sentInstead')}</h2>
          <ol className="calls" aria-label={t('review_replacement')}><CallCard call={details.cancel} label={t('review_cancelTransfer')} symbol={symbol} tokens={tokens} /></ol>
        </>
      )}
      <Rows label={t('review_newFees')}>
        <Row label={t('review_maxFeePerGas')}><FeeChange next={fees.maxFeePerGas} previous={original.fees.maxFeePerGas} /></Row>
        <Row label={t('review_priorityFeePerGas')}><FeeChange next={fees.maxPriorityFeePerGas} previous={original.fees.maxPriorityFeePerGas} /></Row>
        <Row label={t('review_gasLimit')}>{details.gasLimit}</Row>
        <Row label={t('review_maxNetworkFee')}><Amount units={details.maxFees[tier]} symbol={symbol} /></Row>
      </Rows>
      <Notice tone="info">{t('review_replacementRaise')}</Notice>
      <FeeTiers maxFees={details.maxFees} symbol={symbol} tier={tier} onChange={setTier} />
    </Screen>
  );
}
