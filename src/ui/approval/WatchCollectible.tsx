/** wallet_watchAsset of an ERC-721 or ERC-1155 token: the collection as its contract names it, the token id, the standard and what the account holds. */
import type { ApprovalViewOf } from '../../shared/approvals';
import type { WatchCollectibleDetails } from '../../shared/approvals/watchAsset';
import { standardLabel } from '../../shared/collectibles';
import { cleanText } from '../../shared/displayText';
import { AddressText } from '../components/AddressText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { Decision } from './Decision';
import { approve, reject } from './resolve';

export function WatchCollectible({ approval, details }: { approval: ApprovalViewOf<'watchAsset'>; details: WatchCollectibleDetails }) {
  const { collectible } = details;
  const network = cleanText(details.networkName);
  return (
    <Screen
      title="Add suggested collectible"
      origin={approval.origin}
      network={network}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} approveLabel="Add collectible" rejectLabel="Cancel" />}
    >
      <p>The site asks to add this collectible to your list on {network}. The account holds it now.</p>
      <Rows>
        <Row label="Collection" name="Collection name">{collectible.name === undefined ? 'No name()' : cleanText(collectible.name)}</Row>
        {collectible.symbol !== undefined && <Row label="Symbol" name="Collection symbol">{cleanText(collectible.symbol)}</Row>}
        <Row label="Token ID" name="Token ID" mono>{collectible.tokenId}</Row>
        <Row label="Standard" name="Token standard">{standardLabel(collectible.standard)}</Row>
        <Row label="Contract" name="Collection contract" mono>{collectible.address}</Row>
        <Row label="Account"><AddressText address={details.account} /></Row>
        {collectible.standard === 'ERC1155' && <Row label="Balance" name="Collectible balance">{BigInt(collectible.balance).toLocaleString('en-US')}</Row>}
      </Rows>
      <LookAlikeWarning names={[['collection name', collectible.name], ['collection symbol', collectible.symbol]]} />
    </Screen>
  );
}
