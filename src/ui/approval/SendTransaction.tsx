/** eth_sendTransaction approval: recipient or contract creation, value, decoded ERC-20 call, fee tier. */
import { MaxUint256, formatEther } from 'ethers';
import { useState } from 'react';
import { FEE_TIERS, type FeeTier } from '../../shared/fees';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

const TIER_LABELS: Record<FeeTier, string> = { low: 'Low', market: 'Market', aggressive: 'Aggressive' };

export function SendTransaction({ approval }: ScreenProps<'sendTransaction'>) {
  const { details } = approval;
  const { call, symbol } = details;
  const [tier, setTier] = useState<FeeTier>('market');
  const unlimited = call.erc20?.method === 'approve' && BigInt(call.erc20.amount) === MaxUint256;
  const maxFee = details.maxFees.fixed ?? details.maxFees[tier] ?? '0';
  return (
    <main>
      <h1>Send transaction</h1>
      <dl className="card">
        <dt>Site</dt><dd>{approval.origin}</dd>
        <dt>Network</dt><dd>{details.networkName}</dd>
        <dt>From</dt><dd className="mono">{details.from}</dd>
        <dt>To</dt><dd className="mono" aria-label="To">{call.to ?? 'Contract creation'}</dd>
        <dt>Value</dt><dd aria-label="Value">{formatEther(call.value)} {symbol}</dd>
        <dt>Data</dt><dd>{call.dataSize} bytes{call.selector ? `, selector ${call.selector}` : ''}</dd>
        {call.erc20 && (
          <><dt>Token call</dt><dd aria-label="Token call">ERC-20 {call.erc20.method} of {unlimited ? 'UNLIMITED' : call.erc20.amount} token units, {call.erc20.method === 'transfer' ? 'to' : 'spender'} {call.erc20.counterparty}</dd></>
        )}
        <dt>Max network fee</dt><dd aria-label="Max network fee">{formatEther(maxFee)} {symbol}</dd>
      </dl>
      {unlimited && <p className="warning" role="alert">This lets {call.erc20!.counterparty} spend ALL of this token from your account, now and later, until you revoke it.</p>}
      {details.warning && <p className="warning" role="alert">{details.warning}</p>}
      {!details.maxFees.fixed && (
        <fieldset className="card">
          <legend>Fee</legend>
          {FEE_TIERS.map((name) => (
            <label key={name} className="row">
              <input type="radio" name="tier" checked={tier === name} onChange={() => setTier(name)} />
              <span>{TIER_LABELS[name]}: up to {formatEther(details.maxFees[name] ?? '0')} {symbol}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div className="row">
        <button className="secondary" onClick={() => void reject(approval)}>Reject</button>
        <button onClick={() => void approve(approval, tier)}>Approve</button>
      </div>
    </main>
  );
}
