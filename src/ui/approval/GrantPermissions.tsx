/**
 * wallet_requestExecutionPermissions (ERC-7715): each permission in words (what, how much, from when, until when),
 * the session account that will spend it, the token as its contract describes it, and the dangers; the riskiest ask
 * for a second yes before Grant wakes up.
 */
import type { GrantDetails } from '../../shared/approvals';
import { cleanText } from '../../shared/displayText';
import { grantWords } from '../../shared/grantWords';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { Dangers, useDangerGate } from './Dangers';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

function Grant({ grant, index }: { grant: GrantDetails; index: number }) {
  const { token, permission, rules } = grant;
  const symbol = cleanText(token.symbol);
  const words = grantWords(permission, rules, { ...token, symbol }, Math.floor(Date.now() / 1000));
  const { justification } = permission.data;
  const redeemers = rules.flatMap((rule) => (rule.type === 'redeemer' ? rule.data.addresses : []));
  const payees = rules.flatMap((rule) => (rule.type === 'payee' ? rule.data.addresses : []));
  return (
    <section aria-label={`Permission ${index + 1}`}>
      <p aria-label="Permission in words">
        <strong>{words.amount}</strong>{words.start ? `, ${words.start}` : ''}, {words.end}.
      </p>
      <Rows>
        <Row label="Spent by" name="Session account"><AddressText address={grant.to} /></Row>
        <Row label={token.address ? 'Token' : 'Currency'} name="Token">{symbol}{token.address && <> <AddressText address={token.address} /></>}</Row>
        <Row label="You hold" name="Balance"><Amount units={token.balance} decimals={token.decimals} symbol={symbol} /></Row>
        {redeemers.length > 0 && <Row label="Only redeemed by" name="Redeemers">{redeemers.map((a) => <AddressText key={a} address={a} />)}</Row>}
        {payees.length > 0 && <Row label="Only paid to" name="Payees">{payees.map((a) => <AddressText key={a} address={a} />)}</Row>}
        {justification && <Row label="The site says" name="Justification">“{cleanText(justification)}”</Row>}
      </Rows>
      <Dangers dangers={grant.dangers} label="Permission warning" />
    </section>
  );
}

export function GrantPermissions({ approval }: ScreenProps<'grantPermissions'>) {
  const { details } = approval;
  const { blocked, gate } = useDangerGate(details.grants.flatMap((grant) => grant.dangers), 'Grant');
  return (
    <Screen
      title={details.grants.length > 1 ? 'Grant permissions' : 'Grant a permission'}
      origin={approval.origin}
      network={cleanText(details.networkName)}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, null)} approveLabel="Grant" blocked={blocked} />}
    >
      <p>
        The site asks that another account may spend from <AddressText address={details.account} /> within these limits, without asking you each
        time. You can revoke it in Permissions.
      </p>
      {details.grants.map((grant, i) => <Grant key={i} grant={grant} index={i} />)}
      {gate}
    </Screen>
  );
}
