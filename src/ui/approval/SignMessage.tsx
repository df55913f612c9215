/** personal_sign approval: exactly the message that will be signed, as text when it is text, and by which account. */
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SignMessage({ approval }: ScreenProps<'signMessage'>) {
  const { details } = approval;
  return (
    <main>
      <h1>Sign message</h1>
      <p>{approval.origin} asks <span className="mono">{details.account}</span> to sign:</p>
      {details.siweWarning && <p className="warning" role="alert">{details.siweWarning}</p>}
      {details.text !== undefined
        ? <pre className="card" aria-label="Message">{details.text}</pre>
        : <pre className="card mono" aria-label="Message">{details.message}</pre>}
      <div className="row">
        <button className="secondary" onClick={() => void reject(approval)}>Reject</button>
        <button onClick={() => void approve(approval, null)}>Sign</button>
      </div>
    </main>
  );
}
