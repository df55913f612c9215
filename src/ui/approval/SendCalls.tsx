/** wallet_sendCalls approval: what every call does, the total, the fee, and (first, when needed) the account upgrade. */
import { MaxUint256, formatEther } from 'ethers';
import { useState } from 'react';
import type { ApprovalViewOf, SendCallsDetails } from '../../shared/approvals';
import { cleanText } from '../../shared/displayText';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';


function CallRow({ call, index, symbol }: { call: SendCallsDetails['calls'][number]; index: number; symbol: string }) {
  return (
    <li className="card" aria-label={`Call ${index + 1}`}>
      <div className="mono">{call.to ? `To ${call.to}` : 'Contract creation'}</div>
      <div>Value: {formatEther(call.value)} {symbol}</div>
      {call.erc20 && (
        <div>
          ERC-20 {call.erc20.method} of{' '}
          {call.erc20.method === 'approve' && BigInt(call.erc20.amount) === MaxUint256 ? 'UNLIMITED' : call.erc20.amount} token units{' '}
          {call.erc20.method === 'transfer' ? 'to' : 'for spender'}{' '}
          <span className="mono">{call.erc20.counterparty}</span>
        </div>
      )}
      <div className="muted">
        Data: {call.dataSize} bytes{call.selector ? `, selector ${call.selector}` : ''}
      </div>
    </li>
  );
}

function Upgrade({ approval, details, onAccept }: { approval: ApprovalViewOf<'sendCalls'>; details: SendCallsDetails; onAccept(): void }) {
  return (
    <main>
      <h1>Upgrade your account?</h1>
      <p>
        {approval.origin} asks to run {details.calls.length} calls together, all or nothing. For that, your account{' '}
        <span className="mono">{details.from}</span> on {cleanText(details.networkName)} must delegate to the audited ERC-4337 account
        contract Simple7702Account (EIP-7702). Your address and funds stay the same; the upgrade is included in the
        batch's transaction, with one signature.
      </p>
      <div className="row">
        <button className="secondary" onClick={() => void reject(approval, 'decline-upgrade')}>Decline upgrade</button>
        <button onClick={onAccept}>Upgrade account</button>
      </div>
    </main>
  );
}

export function SendCalls({ approval }: ScreenProps<'sendCalls'>) {
  const { details } = approval;
  const [upgradeAccepted, setUpgradeAccepted] = useState(false);
  if (details.upgrade && !upgradeAccepted) return <Upgrade approval={approval} details={details} onAccept={() => setUpgradeAccepted(true)} />;
  return (
    <main>
      <h1>Review batch</h1>
      <dl className="card">
        <dt>Site</dt><dd>{approval.origin}</dd>
        <dt>Network</dt><dd>{cleanText(details.networkName)} ({details.chainId})</dd>
        <dt>From</dt><dd className="mono">{details.from}</dd>
        <dt>Execution</dt>
        <dd aria-label="Execution">{details.atomic ? 'Atomic: all calls succeed or none' : 'Sequential: one transaction per call, each may succeed or fail on its own'}</dd>
        {details.upgrade && <><dt>Account upgrade</dt><dd>Included (EIP-7702 delegation to Simple7702Account)</dd></>}
        <dt>Total value</dt><dd aria-label="Total value">{formatEther(details.totalValue)} {details.symbol}</dd>
        {details.sponsor ? (
          <>
            <dt>Network fee</dt><dd aria-label="Sponsor">{details.sponsor.icon?.startsWith('data:image/') && <img src={details.sponsor.icon} alt="" width={16} height={16} />} Sponsored by {details.sponsor.name === undefined ? 'a paymaster' : cleanText(details.sponsor.name)} ({details.sponsor.origin})</dd>
            <dt>Paymaster</dt><dd aria-label="Paymaster" className="mono">{details.sponsor.paymaster}</dd>
          </>
        ) : (
          <><dt>Max network fee</dt><dd aria-label="Max network fee">{formatEther(details.maxFee)} {details.symbol}</dd></>
        )}
      </dl>
      <LookAlikeWarning names={[['sponsor name', details.sponsor?.name], ['network name', details.networkName]]} />
      {details.warning && <p className="warning" role="alert">{details.warning}</p>}
      <ol aria-label="Calls">
        {details.calls.map((call, i) => <CallRow key={i} call={call} index={i} symbol={details.symbol} />)}
      </ol>
      <div className="row">
        <button className="secondary" onClick={() => void reject(approval)}>Reject</button>
        <button onClick={() => void approve(approval, null)}>Approve</button>
      </div>
    </main>
  );
}
