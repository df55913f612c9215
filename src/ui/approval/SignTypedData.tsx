/**
 * Typed data approval (eth_signTypedData v1, _v3, _v4): the message in words when a descriptor describes it, its
 * dangers, and always the domain and the message as signed (collapsed under the words, open when there are none).
 */
import type { ReactNode } from 'react';
import { AddressText } from '../components/AddressText';
import { Screen } from '../components/Screen';
import { Tree } from '../components/Tree';
import { Message } from '../i18n/Message';
import { t } from '../i18n/t';
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
    <div className="card" aria-label={t('requests_typedData')}>
      {details.version === 'V1' ? (
        <Tree value={Object.fromEntries(details.fields.map((field) => [`${field.name} (${field.type})`, field.value]))} />
      ) : (
        <>
          <h2>{t('requests_domain')}</h2>
          <Tree value={details.domain} />
          {details.primaryType === 'EIP712Domain' ? <p>{t('requests_onlyDomain')}</p> : <><h2>{details.primaryType}</h2><Tree value={details.message} /></>}
        </>
      )}
    </div>
  );
  return (
    <Screen
      title={t('requests_signTypedDataTitle')}
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, null)} approveLabel={t('requests_sign')} blocked={blocked} />}
    >
      <p><Message id="requests_asksToSign" values={{ account: <AddressText address={details.account} /> }} /></p>
      {review?.clear && <ClearSigned clear={review.clear} />}
      {review && <Dangers dangers={review.dangers} />}
      {review?.clear ? <details className="raw"><summary>{t('requests_rawMessage')}</summary>{raw}</details> : raw}
      {gate}
    </Screen>
  );
}
