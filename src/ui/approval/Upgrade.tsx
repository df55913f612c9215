/** The EIP-7702 upgrade a batch needs first: which contract the account will delegate to, what it is, and what stays the same. */
import type { ApprovalViewOf } from '../../shared/approvals';
import type { SendCallsDetails } from '../../shared/approvals/batch';
import { DELEGATES, UPGRADE_DELEGATE } from '../../shared/delegates';
import { cleanText } from '../../shared/displayText';
import { AddressText } from '../components/AddressText';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { Decision } from './Decision';
import { reject } from './resolve';

const { address: UPGRADE_ADDRESS } = DELEGATES[UPGRADE_DELEGATE];

export function Upgrade({ approval, details, onAccept }: { approval: ApprovalViewOf<'sendCalls'>; details: SendCallsDetails; onAccept(): void }) {
  return (
    <Screen
      title="Upgrade your account?"
      origin={approval.origin}
      network={cleanText(details.networkName)}
      actions={<Decision onReject={() => void reject(approval, 'decline-upgrade')} onApprove={onAccept} approveLabel="Upgrade account" rejectLabel="Decline upgrade" />}
    >
      <p>
        {approval.origin} asks to run {details.calls.length} calls together, all or nothing. For that your account delegates
        to a smart-account contract (EIP-7702): your address, keys and funds stay the same, and the upgrade rides in the
        batch&apos;s own transaction, with one signature.
      </p>
      <Rows>
        <Row label="Account"><AddressText address={details.from} /></Row>
        <Row label="Delegate to" name="Delegate">Simple7702Account <AddressText address={UPGRADE_ADDRESS} /></Row>
        <Row label="What it is">The ERC-4337 v0.8 reference account (eth-infinitism): it runs calls only when your key or the canonical EntryPoint asks</Row>
      </Rows>
      <p className="muted">Batch Wallet upgrades an account only to this contract, at this address. You can turn the account back into a plain one later.</p>
    </Screen>
  );
}
