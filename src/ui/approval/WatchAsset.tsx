/** wallet_watchAsset approval: the token as its contract describes it, the balance, and any mismatch with what the site said. */
import { watchAssetMismatch } from '../../shared/approvals';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { TokenImage } from '../components/TokenImage';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function WatchAsset({ approval }: ScreenProps<'watchAsset'>) {
  const { details } = approval;
  const { token, requested } = details;
  const mismatch = watchAssetMismatch(details);
  return (
    <Screen
      title="Add suggested token"
      origin={approval.origin}
      network={details.networkName}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} approveLabel="Add token" rejectLabel="Cancel" blocked={mismatch.decimals} />}
    >
      <p>The site asks to add this token to the list of {details.networkName}.</p>
      <div className="row">
        <TokenImage image={token.image} symbol={token.symbol} size={40} />
        <strong aria-label="Token symbol">{token.symbol}</strong>
      </div>
      <Rows>
        {token.name !== undefined && <Row label="Name" name="Token name">{token.name}</Row>}
        <Row label="Address" name="Token contract" mono>{token.address}</Row>
        <Row label="Decimals" name="Token decimals">{token.decimals}</Row>
        <Row label="Account"><AddressText address={details.account} /></Row>
        <Row label="Balance" name="Token balance"><Amount units={token.balance} decimals={token.decimals} symbol={token.symbol} /></Row>
      </Rows>
      {mismatch.symbol && (
        <p className="notice warn" role="alert" aria-label="Symbol mismatch">
          The site says the symbol is “{requested.symbol}”, but the contract says “{token.symbol}”. The contract’s symbol will be used.
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
