/** Typed data approval (eth_signTypedData v1, _v3, _v4): the domain and the message as trees, and the account that signs. */
import { AddressText } from '../components/AddressText';
import { Screen } from '../components/Screen';
import { Tree } from '../components/Tree';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SignTypedData({ approval }: ScreenProps<'signTypedData'>) {
  const { details } = approval;
  return (
    <Screen
      title="Sign typed data"
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} approveLabel="Sign" />}
    >
      <p>The site asks <AddressText address={details.account} /> to sign:</p>
      <div className="card" aria-label="Typed data">
        {details.version === 'V1' ? (
          <Tree value={Object.fromEntries(details.fields.map((field) => [`${field.name} (${field.type})`, field.value]))} />
        ) : (
          <>
            <h2>Domain</h2>
            <Tree value={details.domain} />
            {details.primaryType === 'EIP712Domain' ? <p>Only the domain is signed: there is no message.</p> : <><h2>{details.primaryType}</h2><Tree value={details.message} /></>}
          </>
        )}
      </div>
    </Screen>
  );
}
