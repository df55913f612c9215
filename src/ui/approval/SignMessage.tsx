/**
 * personal_sign approval: exactly the message that will be signed, as text when it is text (else hex, with what it
 * looks like: a hash, a transaction), and by which account.
 */
import { AddressText } from '../components/AddressText';
import { Notice } from '../components/Notice';
import { Screen } from '../components/Screen';
import { Dangers, useDangerGate } from './Dangers';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SignMessage({ approval }: ScreenProps<'signMessage'>) {
  const { details } = approval;
  const { blocked, gate } = useDangerGate(details.dangers ?? []);
  return (
    <Screen
      title="Sign message"
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} approveLabel="Sign" blocked={blocked} />}
    >
      <p>The site asks <AddressText address={details.account} /> to sign:</p>
      {details.siweWarning && <Notice tone="danger">{details.siweWarning}</Notice>}
      <Dangers dangers={details.dangers ?? []} />
      {details.text !== undefined
        ? <pre className="card" aria-label="Message" style={{ whiteSpace: 'pre-wrap' }}>{details.text}</pre>
        : <pre className="card mono" aria-label="Message" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{details.message}</pre>}
      {gate}
      <p className="muted">Signing costs nothing, but a signature can authorize things: sign only what you understand.</p>
    </Screen>
  );
}
