/** eth_signTypedData approval: the domain and the message as trees, and the account that signs. */
import { AddressText } from '../components/AddressText';
import { Screen } from '../components/Screen';
import { Tree } from '../components/Tree';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SignTypedData({ approval }: ScreenProps<'signTypedData'>) {
  const { details } = approval;
  return (
    <Screen
      title="Sign typed data"
      origin={approval.origin}
      actions={<>
        <button className="secondary" onClick={() => void reject(approval)}>Reject</button>
        <button onClick={() => void approve(approval, null)}>Sign</button>
      </>}
    >
      <p>The site asks <AddressText address={details.account} /> to sign:</p>
      <div className="card" aria-label="Typed data">
        <h2>Domain</h2>
        <Tree value={details.domain} />
        <h2>{details.primaryType}</h2>
        <Tree value={details.message} />
      </div>
    </Screen>
  );
}
