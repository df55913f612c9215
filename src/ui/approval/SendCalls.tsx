/** wallet_sendCalls approval: what will happen (simulated), each call in words, the fee, and (first, when needed) the account upgrade. */
import { useState } from 'react';
import type { ApprovalViewOf } from '../../shared/approvals';
import type { Attribution, SendCallsDetails } from '../../shared/approvals/batch';
import { callDangers } from '../../shared/decodedCall';
import { batchIntent } from '../../shared/erc7730/interpolate';
import { cleanText } from '../../shared/displayText';
import { AddressText } from '../components/AddressText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { Amount } from '../components/Amount';
import { Notice } from '../components/Notice';
import { LookAlikeRecipients } from './LookAlikeRecipients';
import { PaymasterAllowances } from './PaymasterAllowances';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { sentenceOf } from '../format/clearWords';
import { revertWarningText } from '../format/revertWarningText';
import { t, uiLocale } from '../i18n/t';
import { Armed } from './Armed';
import { CallCard } from './CallCard';
import { useDangerGate } from './Dangers';
import { PreviewPanel } from './PreviewPanel';
import { Decision, onLedger } from './Decision';
import { approve, reject } from './resolve';
import { useRevertGate } from './RevertGate';
import type { ScreenProps } from './screenProps';
import { Upgrade } from './Upgrade';
import { FeeRow, FeeSourceSwitch, NoFeeSource, usdcLine } from './FeeSources';
import type { FeeSource } from '../../shared/fees';
import { usePreview } from './usePreview';

function placement(appendedTo: Attribution['appendedTo']): string {
  if (appendedTo === 'transaction') return t('review_afterTransaction');
  if (appendedTo === 'operation') return t('review_afterOperation');
  if (appendedTo.length === 0) return t('review_notAppended');
  const calls = new Intl.ListFormat(uiLocale(), { type: 'unit', style: 'short' }).format(appendedTo.map((i) => (i + 1).toLocaleString(uiLocale())));
  return t('review_afterCalls', { calls });
}

/** ERC-8021: the site asks to be credited. Named as such, with its codes, never as a call. */
function AttributionRow({ attribution }: { attribution: Attribution }) {
  return (
    <Row label={t('review_attribution')}>
      {t('review_attributionCodes', { codes: attribution.codes.join(', '), placement: placement(attribution.appendedTo) })}
      <details><summary>{t('review_bytes')}</summary><code>{attribution.value}</code></details>
    </Row>
  );
}

function Review({ approval, details, ledger }: { approval: ApprovalViewOf<'sendCalls'>; details: SendCallsDetails; ledger: boolean }) {
  const preview = usePreview(approval.id);
  const revertGate = useRevertGate(preview);
  const dangerGate = useDangerGate(details.calls.flatMap(callDangers), 'Approve');
  const tokens = !preview.loading && 'preview' in preview ? preview.preview.tokens : {};
  const sponsor = details.sponsor && `${details.sponsor.name === undefined ? t('review_aPaymaster') : cleanText(details.sponsor.name)} (${details.sponsor.origin})`;
  // A remote icon is never loaded: it would tell its host the user's IP address.
  const icon = details.sponsor?.icon?.startsWith('data:image/') ? details.sponsor.icon : undefined;
  // Only when every call has its descriptor's sentence: a batch half in words would read as if it were all of it.
  const summary = details.calls.length > 1 ? batchIntent(details.calls.map((call) => call.review && sentenceOf(call.review.clear)), (before, after) => t('review_sentencesAnd', { before, after })) : undefined;
  // Who pays the fee: the wallet's preferred source first; the answer names it, and the batch checks it was offered.
  const offered = details.feeSources;
  const [source, setSource] = useState<FeeSource | undefined>(offered?.preferred);
  const usdcUpgrade = source === 'usdc' && offered?.usdc?.upgrade && !details.upgrade;
  const fee = source === 'usdc' && offered?.usdc ? { line: usdcLine(offered.usdc) } : sponsor ? { sponsor } : { maxFee: details.maxFee, symbol: details.symbol };
  return (
    <Screen
      title={t('review_batchTitle')}
      origin={approval.origin}
      network={cleanText(details.networkName)}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, source ? { feeSource: source } : null)} blocked={revertGate.blocked || dangerGate.blocked || source === undefined && offered !== undefined} ledger={ledger} />}
    >
      <PreviewPanel state={preview} fee={fee} />
      <NoFeeSource offered={offered} symbol={details.symbol} />
      <LookAlikeWarning names={[[t('review_sponsorNameLabel'), details.sponsor?.name], [t('review_networkNameLabel'), details.networkName]]} />
      {details.warning && <Notice tone="warn" label={t('review_gasEstimate')}>{revertWarningText(details.warning)}</Notice>}
      <LookAlikeRecipients lookAlikes={details.lookAlikeRecipients} />
      <PaymasterAllowances allowances={details.paymasterAllowances} />
      {revertGate.gate}
      {offered && source && <FeeSourceSwitch offered={offered} source={source} symbol={details.symbol} onChange={setSource} />}
      <Rows>
        {summary && <Row label={t('review_inOneSentence')}>{summary}</Row>}
        <Row label={t('review_from')}><AddressText address={details.from} /></Row>
        <Row label={t('review_execution')}>{details.atomic || source === 'usdc' ? t('review_atomic') : t('review_sequential')}</Row>
        {(details.upgrade || usdcUpgrade) && <Row label={t('review_accountUpgrade')}>{t('review_upgradeIncluded')}</Row>}
        {/* Paid in USDC, the calls run as one userOp: the attribution follows its callData (batches/paidWith.ts). */}
        {details.attribution && <AttributionRow attribution={source === 'usdc' ? { ...details.attribution, appendedTo: 'operation' } : details.attribution} />}
        <Row label={t('review_totalValue')}><Amount units={details.totalValue} symbol={details.symbol} /></Row>
        {sponsor ? <Row label={t('review_networkFee')} name={t('review_sponsor')}>{icon && <><img src={icon} alt="" width={16} height={16} />{' '}</>}{t('review_sponsoredBy', { sponsor })}</Row> : <FeeRow details={details} source={source} />}
        {!sponsor && source !== 'usdc' && details.l1Fee && <Row label={t('review_l1Fee')}><Amount units={details.l1Fee} symbol={details.symbol} /></Row>}
        {details.sponsor && <Row label={t('review_paymaster')} mono>{details.sponsor.paymaster}</Row>}
        {details.sponsor?.submittedBy && <Row label={t('review_submittedBy')}>{t('review_sitesService', { service: details.sponsor.submittedBy })}</Row>}
      </Rows>
      <ol className="calls" aria-label={t('review_calls')}>
        {details.calls.map((call, i) => <CallCard key={i} call={call} label={t('review_call', { number: (i + 1).toLocaleString(uiLocale()) })} symbol={details.symbol} tokens={tokens} />)}
      </ol>
      {dangerGate.gate}
    </Screen>
  );
}

export function SendCalls({ approval, state }: ScreenProps<'sendCalls'>) {
  const { details } = approval;
  const [upgradeAccepted, setUpgradeAccepted] = useState(false);
  const step = details.upgrade && !upgradeAccepted ? 'upgrade' : 'review';
  // Each step arms afresh: the review's Approve sits where "Upgrade account" was, under a double click's second click.
  return (
    <Armed screen={step}>
      {step === 'upgrade' ? <Upgrade approval={approval} details={details} onAccept={() => setUpgradeAccepted(true)} /> : <Review approval={approval} details={details} ledger={onLedger(state, details.from)} />}
    </Armed>
  );
}
