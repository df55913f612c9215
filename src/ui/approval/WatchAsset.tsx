/** wallet_watchAsset approval: the token as its contract describes it, the balance, and any mismatch with what the site said. */
import { formatUnits } from 'ethers';
import { watchAssetMismatch } from '../../shared/approvals';
import { cleanText } from '../../shared/displayText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { TokenImage } from '../components/TokenImage';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function WatchAsset({ approval }: ScreenProps<'watchAsset'>) {
  const { details } = approval;
  const { token, requested } = details;
  const mismatch = watchAssetMismatch(details);
  const symbol = cleanText(token.symbol);
  return (
    <main>
      <h1>Add suggested token</h1>
      <p>{approval.origin} asks to add this token to the list of {details.networkName}.</p>
      <div className="row">
        <TokenImage image={token.image} symbol={token.symbol} size={40} />
        <strong aria-label="Token symbol">{symbol}</strong>
      </div>
      <dl className="card">
        <dt>Site</dt><dd aria-label="Site">{approval.origin}</dd>
        {token.name !== undefined && <><dt>Name</dt><dd aria-label="Token name">{cleanText(token.name)}</dd></>}
        <dt>Address</dt><dd aria-label="Token contract" className="mono">{token.address}</dd>
        <dt>Decimals</dt><dd aria-label="Token decimals">{token.decimals}</dd>
        <dt>Account</dt><dd className="mono">{details.account}</dd>
        <dt>Balance</dt><dd aria-label="Token balance" className="mono">{formatUnits(token.balance, token.decimals)} {symbol}</dd>
      </dl>
      <LookAlikeWarning names={[['token symbol', token.symbol], ['token name', token.name], ['symbol the site gave', mismatch.symbol ? requested.symbol : undefined]]} />
      {mismatch.symbol && (
        <p className="warning" role="alert" aria-label="Symbol mismatch">
          The site says the symbol is “{cleanText(requested.symbol)}”, but the contract says “{symbol}”. The contract’s symbol will be used.
        </p>
      )}
      {mismatch.decimals && (
        <p className="warning" role="alert" aria-label="Decimals mismatch">
          The site says the token has {requested.decimals} decimals, but the contract says {token.decimals}. Balances would be
          shown wrongly, so this token cannot be added from this request.
        </p>
      )}
      <div className="row">
        <button className="secondary" onClick={() => void reject(approval)}>Cancel</button>
        <button disabled={mismatch.decimals} onClick={() => void approve(approval, null)}>Add token</button>
      </div>
    </main>
  );
}
