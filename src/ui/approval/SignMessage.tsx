/** personal_sign and eth_signTypedData_v4 approvals: what exactly will be signed, by which account. */
import type { ApprovalView, SignDetails } from '../../shared/ui';
import { resolve } from './App';

function Tree({ value }: { value: unknown }) {
  if (typeof value !== 'object' || value === null) return <span className="mono">{String(value)}</span>;
  return (
    <ul>
      {Object.entries(value).map(([key, child]) => (
        <li key={key}>
          <strong>{key}</strong>: <Tree value={child} />
        </li>
      ))}
    </ul>
  );
}

export function SignMessage({ approval }: { approval: ApprovalView }) {
  const details = approval.details as SignDetails;
  return (
    <main>
      <h1>{details.typed ? 'Sign typed data' : 'Sign message'}</h1>
      <p>{approval.origin} asks <span className="mono">{details.account}</span> to sign:</p>
      {details.siweWarning && <p className="warning" role="alert">{details.siweWarning}</p>}
      {details.text !== undefined && <pre className="card" aria-label="Message">{details.text}</pre>}
      {details.hex && <pre className="card mono" aria-label="Message">{details.hex}</pre>}
      {details.typed && (
        <div className="card" aria-label="Typed data">
          <h2>Domain</h2>
          <Tree value={details.typed.domain} />
          <h2>{details.typed.primaryType}</h2>
          <Tree value={details.typed.message} />
        </div>
      )}
      <div className="row">
        <button className="secondary" onClick={() => void resolve(approval, false)}>Reject</button>
        <button onClick={() => void resolve(approval, true)}>Sign</button>
      </div>
    </main>
  );
}
