/**
 * The site chose the nonce of one of the wallet's pending transactions (background/batches/dappNonce.ts): this one
 * takes its place if it lands first. Named as Speed up and Cancel name it: the nonce, the hash, its site, what it does.
 */
import type { AssetInfo } from '../../shared/preview';
import type { SendTransactionDetails } from '../../shared/approvals/transaction';
import { Notice } from '../components/Notice';
import { Row, Rows } from '../components/Rows';
import { t, uiLocale } from '../i18n/t';
import { CallCard } from './CallCard';

type Props = { replaces: NonNullable<SendTransactionDetails['replaces']>; origin: string; symbol: string; tokens: Record<string, AssetInfo> };

export function ReplacedByNonce({ replaces, origin, symbol, tokens }: Props) {
  const sentFor = replaces.batchOrigin === origin ? t('review_thisSite') : replaces.batchOrigin;
  return (
    <>
      <Notice tone="danger" label={t('review_replacesPending')}>{t('review_replacesPendingNotice', { nonce: replaces.nonce, site: sentFor })}</Notice>
      <Rows label={t('review_replacedTransaction')}>
        <Row label={t('review_nonce')}>{replaces.nonce}</Row>
        <Row label={t('review_replaces')} mono>{replaces.hash}</Row>
        <Row label={t('review_sentFor')}>{replaces.batchOrigin}</Row>
      </Rows>
      <h2>{t('review_whatWillNotRun')}</h2>
      {replaces.revokeDelegation
        ? <p aria-label={t('review_replacedCalls')}>{t('review_revertToZero')}</p>
        : <ol className="calls" aria-label={t('review_replacedCalls')}>{replaces.calls.map((call, i) => <CallCard key={i} call={call} label={t('review_replacedCall', { number: (i + 1).toLocaleString(uiLocale()) })} symbol={symbol} tokens={tokens} />)}</ol>}
    </>
  );
}
