/** The EIP-7702 upgrade a batch needs first: which contract the account will delegate to, what it is, and what stays the same. */
import type { ApprovalViewOf } from '../../shared/approvals';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import { DELEGATES, UPGRADE_DELEGATE } from '../../shared/delegates';
import { cleanText } from '../../shared/displayText';
import { AddressText } from '../components/AddressText';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { t, tCount } from '../i18n/t';
import { Decision } from './Decision';
import { reject } from './resolve';

const { address: UPGRADE_ADDRESS } = DELEGATES[UPGRADE_DELEGATE];
/** The contract's own name, the same in every language. */
const UPGRADE_CONTRACT = 'Simple7702Account';

export function Upgrade({ approval, details, onAccept }: { approval: ApprovalViewOf<'sendCalls'>; details: SendCallsDetails; onAccept(): void }) {
  return (
    <Screen
      title={t('review_upgradeTitle')}
      origin={approval.origin}
      network={cleanText(details.networkName)}
      actions={<Decision onReject={() => void reject(approval, 'decline-upgrade')} onApprove={onAccept} approveLabel={t('review_upgradeAccount')} rejectLabel={t('review_declineUpgrade')} />}
    >
      <p>{t('review_upgradeExplained', { origin: approval.origin, calls: tCount({ one: 'common_calls_one', other: 'common_calls_other' }, details.calls.length) })}</p>
      <Rows>
        <Row label={t('review_account')}><AddressText address={details.from} /></Row>
        <Row label={t('review_delegateTo')} name={t('review_delegate')}>{UPGRADE_CONTRACT} <AddressText address={UPGRADE_ADDRESS} /></Row>
        <Row label={t('review_whatItIs')}>{t('review_simpleAccount')}</Row>
      </Rows>
      <p className="muted">{t('review_upgradeOnlyThis')}</p>
    </Screen>
  );
}
