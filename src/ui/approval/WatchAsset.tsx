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
      title="Add suggested token"
      origin={approval.origin}
      network={cleanText(details.networkName)}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} approveLabel="Add token" rejectLabel="Cancel" blocked={mismatch.decimals} />}
    >
      <p>The site asks to add this token to the list of {cleanText(details.networkName)}.</p>
      <div className="row">
        <TokenImage image={token.image} symbol={token.symbol} address={token.address} size={40} />
        <strong aria-label="Token symbol">{symbol}</strong>
      </div>
      <Rows>
        {token.name !== undefined && <Row label="Name" name="Token name">{cleanText(token.name)}</Row>}
        <Row label="Address" name="Token contract" mono>{token.address}</Row>
        <Row label="Decimals" name="Token decimals">{token.decimals}</Row>
        <Row label="Account"><AddressText address={details.account} /></Row>
        <Row label="Balance" name="Token balance"><Amount units={token.balance} decimals={token.decimals} symbol={symbol} /></Row>
      </Rows>
      <LookAlikeWarning names={[['token symbol', token.symbol], ['token name', token.name], ['symbol the site gave', mismatch.symbol ? requested.symbol : undefined]]} />
      {details.imitates && (
        <Notice tone="danger" label="Look-alike token">
          {details.imitates.symbol} on {cleanText(details.networkName)} is the contract {details.imitates.address}; this token uses its
          symbol but is another contract. Fake tokens like this one lure people into swaps and approvals.
        </Notice>
      )}
      {mismatch.symbol && (
        <p className="notice warn" role="alert" aria-label="Symbol mismatch">
          The site says the symbol is “{cleanText(requested.symbol)}”, but the contract says “{symbol}”. The contract’s symbol will be used.
        </p>
      )}
      {mismatch.decimals && (
        <p className="notice danger" role="alert" aria-label="Decimals mismatch">
          The site says the token has {requested.decimals} decimals, but the contract says {token.decimals}. Balances would be
          shown wrongly, so this token cannot be added from this request.
        </p>
      )}
    </Screen>
  );
}
