/**
 * personal_sign approval: exactly the message that will be signed, as text when it is text (else hex, with what it
 * looks like: a hash, a transaction), and by which account.
 */
import { revealInvisible } from '../../shared/displayText';
import { siweElsewhere } from '../../shared/signInElsewhere';
import { AddressText } from '../components/AddressText';
import { Notice } from '../components/Notice';
import { Screen } from '../components/Screen';
import { Message } from '../i18n/Message';
import { t } from '../i18n/t';
import { Dangers, useDangerGate } from './Dangers';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function SignMessage({ approval }: ScreenProps<'signMessage'>) {
  const { details } = approval;
  const shown = details.text === undefined ? undefined : revealInvisible(details.text);
  const elsewhere = details.text === undefined ? undefined : siweElsewhere(details.text, approval.origin);
  const { blocked, gate } = useDangerGate(details.dangers ?? []);
  return (
    <Screen
      title={t('requests_signMessageTitle')}
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, null)} approveLabel={t('requests_sign')} blocked={blocked} />}
    >
      <p><Message id="requests_asksToSign" values={{ account: <AddressText address={details.account} /> }} /></p>
      {elsewhere && <Notice tone="danger">{t('approval_signInElsewhere', { ...elsewhere })}</Notice>}
      <Dangers dangers={details.dangers ?? []} />
      {/* The message holds characters that reorder or hide text: the user reads them by their code points. */}
      {shown !== undefined && shown !== details.text && <Notice tone="warn">{t('requests_revealed')}</Notice>}
      {shown !== undefined
        ? <pre className="card" aria-label={t('requests_message')}>{shown}</pre>
        : <pre className="card mono" aria-label={t('requests_message')}>{details.message}</pre>}
      {gate}
      <p className="muted">{t('requests_signingCostsNothing')}</p>
    </Screen>
  );
}
