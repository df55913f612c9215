/** personal_sign approval: exactly the message that will be signed, as text when it is text, and by which account. */
import { AddressText } from '../components/AddressText';
import { Notice } from '../components/Notice';
import { Screen } from '../components/Screen';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SignMessage({ approval }: ScreenProps<'signMessage'>) {
  const { details } = approval;
  return (
    <Screen
      title="Sign message"
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} approveLabel="Sign" />}
    >
      <p>The site asks <AddressText address={details.account} /> to sign:</p>
      {details.siweWarning && <Notice tone="danger">{details.siweWarning}</Notice>}
      {details.text !== undefined
        ? <pre className="card" aria-label="Message" style={{ whiteSpace: 'pre-wrap' }}>{details.text}</pre>
        : <pre className="card mono" aria-label="Message">{details.message}</pre>}
      <p className="muted">Signing costs nothing, but a signature can authorize things: sign only what you understand.</p>
    </Screen>
  );
}
