/** wallet_watchAsset approval: the token as its contract describes it, the balance, and any mismatch with what the site said (a collectible has its own screen). */
import { watchAssetMismatch } from '../../shared/approvals/watchAsset';
import { cleanText } from '../../shared/displayText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { Notice } from '../components/Notice';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { TokenImage } from '../components/TokenImage';
import { t } from '../i18n/t';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';
import { WatchCollectible } from './WatchCollectible';

export function WatchAsset({ approval }: ScreenProps<'watchAsset'>) {
  const { details } = approval;
  if ('collectible' in details) return <WatchCollectible approval={approval} details={details} />;
  const { token, requested } = details;
  const mismatch = watchAssetMismatch(details);
  const symbol = cleanText(token.symbol);
  return (
    <Screen
      title={t('requests_addTokenTitle')}
      origin={approval.origin}
      network={cleanText(details.networkName)}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, null)} approveLabel={t('requests_addToken')} rejectLabel={t('requests_cancel')} blocked={mismatch.decimals} />}
    >
      <p>{t('requests_addTokenExplained', { network: cleanText(details.networkName) })}</p>
      <div className="row">
        <TokenImage image={token.image} symbol={token.symbol} address={token.address} size={40} />
        <strong aria-label={t('requests_tokenSymbol')}>{symbol}</strong>
      </div>
      <Rows>
        {token.name !== undefined && <Row label={t('requests_name')} name={t('requests_tokenName')}>{cleanText(token.name)}</Row>}
        <Row label={t('requests_address')} name={t('requests_tokenContract')} mono>{token.address}</Row>
        <Row label={t('requests_decimals')} name={t('requests_tokenDecimals')}>{token.decimals}</Row>
        <Row label={t('review_account')}><AddressText address={details.account} /></Row>
        <Row label={t('requests_balance')} name={t('requests_tokenBalance')}><Amount units={token.balance} decimals={token.decimals} symbol={symbol} /></Row>
      </Rows>
      <LookAlikeWarning names={[[t('requests_tokenSymbolLabel'), token.symbol], [t('requests_tokenNameLabel'), token.name], [t('requests_siteSymbolLabel'), mismatch.symbol ? requested.symbol : undefined]]} />
      {details.imitates && (
        <Notice tone="danger" label={t('requests_lookAlikeToken')}>
          {t('requests_imitates', { symbol: details.imitates.symbol, network: cleanText(details.networkName), address: details.imitates.address })}
        </Notice>
      )}
      {mismatch.symbol && (
        <p className="notice warn" role="alert" aria-label={t('requests_symbolMismatch')}>
          {t('requests_symbolMismatchExplained', { requested: cleanText(requested.symbol), symbol })}
        </p>
      )}
      {mismatch.decimals && (
        <p className="notice danger" role="alert" aria-label={t('requests_decimalsMismatch')}>
          {t('requests_decimalsMismatchExplained', { requested: requested.decimals, decimals: token.decimals })}
        </p>
      )}
    </Screen>
  );
}
