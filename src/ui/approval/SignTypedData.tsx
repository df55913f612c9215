/** Typed data approval (eth_signTypedData v1, _v3, _v4): the domain and the message as trees, and the account that signs. */
import { Tree } from '../components/Tree';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SignTypedData({ approval }: ScreenProps<'signTypedData'>) {
  const { details } = approval;
  return (
    <main>
      <h1>Sign typed data</h1>
      <p>{approval.origin} asks <span className="mono">{details.account}</span> to sign:</p>
      <div className="card" aria-label="Typed data">
        {details.version === 'V1' ? (
          <Tree value={Object.fromEntries(details.fields.map((field) => [`${field.name} (${field.type})`, field.value]))} />
        ) : (
          <>
            <h2>Domain</h2>
            <Tree value={details.domain} />
            <h2>{details.primaryType}</h2>
            <Tree value={details.message} />
          </>
        )}
      </div>
      <div className="row">
        <button className="secondary" onClick={() => void reject(approval)}>Reject</button>
        <button onClick={() => void approve(approval, null)}>Sign</button>
      </div>
    </main>
  );
}
