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
import { CallCard } from './CallCard';
import { Decision } from './Decision';
import { FeeTiers, TIER_LABELS } from './FeeTiers';
import { PreviewPanel } from './PreviewPanel';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';
import { usePreview } from './usePreview';

const raise = (next: string, previous: string): string => (BigInt(previous) === 0n ? '' : ` (+${((BigInt(next) - BigInt(previous)) * 100n) / BigInt(previous)}%)`);

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
      title={cancel ? 'Cancel transaction' : 'Speed up transaction'}
      origin={approval.origin}
      network={details.networkName}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, tier)} />}
    >
      <p>
        {cancel
          ? 'A transaction at the same nonce that sends nothing to your own account takes the pending one’s place: if it lands first, the original never runs.'
          : 'The same transaction is signed again at the same nonce with higher fees, so it is picked sooner; the original is then replaced.'}
      </p>
      <PreviewPanel state={preview} fee={{ maxFee: details.maxFees[tier], symbol, tier: TIER_LABELS[tier] }} />
      <Rows label="Replaced transaction">
        <Row label="From"><AddressText address={details.from} /></Row>
        <Row label="Nonce">{details.nonce}</Row>
        <Row label="Replaces" mono>{details.hash}</Row>
        {details.batchOrigin !== approval.origin && <Row label="Sent for">{details.batchOrigin}</Row>}
      </Rows>
      <h2>{cancel ? 'What will not run' : 'What it does'}</h2>
      {original.revokeDelegation
        ? <p aria-label="Original">Revert to a plain account (EIP-7702 authorization for address zero)</p>
        : <ol className="calls" aria-label="Original">{original.calls.map((call, i) => <CallCard key={i} call={call} label={`Original call ${i + 1}`} symbol={symbol} tokens={tokens} />)}</ol>}
      {original.authorizations && (
        <Rows label="EIP-7702 authorizations sent again">
          {original.authorizations.map((a, i) => (
            <Row key={i} label={`Account ${shortAddress(a.authority)}`}>
              {BigInt(a.delegate) === 0n ? 'becomes a plain account (delegation cleared)' : <>delegates to {a.delegateName ?? <AddressText address={a.delegate} />}</>}
            </Row>
          ))}
        </Rows>
      )}
      {details.cancel && (
        <>
          <h2>Sent instead</h2>
          <ol className="calls" aria-label="Replacement"><CallCard call={details.cancel} label="Cancel transfer" symbol={symbol} tokens={tokens} /></ol>
        </>
      )}
      <Rows label="New fees">
        <Row label="Max fee per gas"><FeeChange next={fees.maxFeePerGas} previous={original.fees.maxFeePerGas} /></Row>
        <Row label="Priority fee per gas"><FeeChange next={fees.maxPriorityFeePerGas} previous={original.fees.maxPriorityFeePerGas} /></Row>
        <Row label="Gas limit">{details.gasLimit}</Row>
        <Row label="Max network fee"><Amount units={details.maxFees[tier]} symbol={symbol} /></Row>
      </Rows>
      <Notice tone="info">Every tier raises both fees by at least 10%, as nodes require of a replacement.</Notice>
      <FeeTiers maxFees={details.maxFees} symbol={symbol} tier={tier} onChange={setTier} />
    </Screen>
  );
}
