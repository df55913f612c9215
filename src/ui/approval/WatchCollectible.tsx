/** wallet_watchAsset of an ERC-721 or ERC-1155 token: the collection as its contract names it, the token id, the standard and what the account holds. */
import type { ApprovalViewOf } from '../../shared/approvals';
import type { WatchCollectibleDetails } from '../../shared/approvals/watchAsset';
import { standardLabel } from '../../shared/collectibles';
import { cleanText } from '../../shared/displayText';
import { AddressText } from '../components/AddressText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { t, uiLocale } from '../i18n/t';
import { Decision } from './Decision';
import { approve, reject } from './resolve';

export function WatchCollectible({ approval, details }: { approval: ApprovalViewOf<'watchAsset'>; details: WatchCollectibleDetails }) {
  const { collectible } = details;
  const network = cleanText(details.networkName);
  return (
    <Screen
      title={t('requests_addCollectibleTitle')}
      origin={approval.origin}
      network={network}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, null)} approveLabel={t('requests_addCollectible')} rejectLabel={t('requests_cancel')} />}
    >
      <p>{t('requests_addCollectibleExplained', { network })}</p>
      <Rows>
        <Row label={t('requests_collection')} name={t('requests_collectionName')}>{collectible.name === undefined ? t('requests_noName') : cleanText(collectible.name)}</Row>
        {collectible.symbol !== undefined && <Row label={t('requests_symbol')} name={t('requests_collectionSymbol')}>{cleanText(collectible.symbol)}</Row>}
        <Row label={t('requests_tokenId')} mono>{collectible.tokenId}</Row>
        <Row label={t('requests_standard')} name={t('requests_tokenStandard')}>{standardLabel(collectible.standard)}</Row>
        <Row label={t('requests_contract')} name={t('requests_collectionContract')} mono>{collectible.address}</Row>
        <Row label={t('review_account')}><AddressText address={details.account} /></Row>
        {collectible.standard === 'ERC1155' && <Row label={t('requests_balance')} name={t('requests_collectibleBalance')}>{BigInt(collectible.balance).toLocaleString(uiLocale())}</Row>}
      </Rows>
      <LookAlikeWarning names={[[t('requests_collectionNameLabel'), collectible.name], [t('requests_collectionSymbolLabel'), collectible.symbol]]} />
    </Screen>
  );
}
