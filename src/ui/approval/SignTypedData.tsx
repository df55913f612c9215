/**
 * Typed data approval (eth_signTypedData v1, _v3, _v4): the message in words when a descriptor describes it, its
 * dangers, and always the domain and the message as signed (collapsed under the words, open when there are none).
 */
import type { ReactNode } from 'react';
import { AddressText } from '../components/AddressText';
import { Screen } from '../components/Screen';
import { Tree } from '../components/Tree';
import { ClearSigned } from './ClearSigned';
import { Dangers, useDangerGate } from './Dangers';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SignTypedData({ approval }: ScreenProps<'signTypedData'>) {
  const { details } = approval;
  const review = details.version === 'V1' ? undefined : details.clearSigning;
  const { blocked, gate } = useDangerGate(review?.dangers ?? []);
  const raw: ReactNode = (
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
  );
  return (
    <Screen
      title="Sign typed data"
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} approveLabel="Sign" blocked={blocked} />}
    >
      <p>The site asks <AddressText address={details.account} /> to sign:</p>
      {review?.clear && <ClearSigned clear={review.clear} />}
      {review && <Dangers dangers={review.dangers} />}
      {review?.clear ? <details className="raw"><summary>Raw message, as signed</summary>{raw}</details> : raw}
      {gate}
    </Screen>
  );
}
