/**
 * personal_sign approval: exactly the message that will be signed, as text when it is text (else hex, with what it
 * looks like: a hash, a transaction), and by which account.
 */
import { revealInvisible } from '../../shared/displayText';
import { AddressText } from '../components/AddressText';
import { Notice } from '../components/Notice';
import { Screen } from '../components/Screen';
import { Dangers, useDangerGate } from './Dangers';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

/** Said where the message holds characters that reorder or hide text: the user reads them by their code points. */
const REVEALED = 'This message holds characters that reorder or hide text: each is shown by its code point (⟨U+…⟩) where it is.';

export function SignMessage({ approval }: ScreenProps<'signMessage'>) {
  const { details } = approval;
  const shown = details.text === undefined ? undefined : revealInvisible(details.text);
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
      {shown !== undefined && shown !== details.text && <Notice tone="warn">{REVEALED}</Notice>}
      {shown !== undefined
        ? <pre className="card" aria-label="Message">{shown}</pre>
        : <pre className="card mono" aria-label="Message">{details.message}</pre>}
      {gate}
      <p className="muted">Signing costs nothing, but a signature can authorize things: sign only what you understand.</p>
    </Screen>
  );
}
