/**
 * wallet_requestExecutionPermissions (ERC-7715): each permission in words (what, how much, from when, until when),
 * the session account that will spend it, the token as its contract describes it, and the dangers; the riskiest ask
 * for a second yes before Grant wakes up. The account's upgrade to the DeleGator, when the grant brings one, with
 * the delegate it replaces and its fees.
 */
import type { GrantAdjustment, GrantDetails, GrantUpgrade } from '../../shared/grants';
import { parseUnits } from 'ethers';
import { useState } from 'react';

import { cleanText } from '../../shared/displayText';
import { adjustableAmount, amountField, grantWords, periodWords } from '../../shared/grantWords';
import type { Hex } from '../../shared/params';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { LookAlikeWarning } from '../components/LookAlikeWarning';
import { exactAmount } from '../format/amounts';
import { grantPhrases } from '../format/grantPhrases';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { Message } from '../i18n/Message';
import { t, uiLocale } from '../i18n/t';
import { Dangers, useDangerGate } from './Dangers';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

/** What the amount the user may lower is called on the screen. */
const amountLabel = (permission: GrantDetails['permission']): string =>
  'periodDuration' in permission.data ? t('approval_amountPer', { period: periodWords(permission.data.periodDuration, grantPhrases()) })
    : t(amountField(permission) === 'maxAmount' ? 'approval_streamCap' : 'approval_amountInAll');

/** "2026-12-04T18:00" in the user's time zone, as a datetime-local input takes it. */
const localInput = (seconds: number): string => {
  const at = new Date(seconds * 1000);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

/**
 * Where the site allows it: a lower amount and an earlier end. `onChange` gets the adjustment, or null while what is
 * typed is not a smaller amount of the token (Grant sleeps meanwhile); the background refuses anything wider anyway.
 */
function Adjust({ grant, onChange }: { grant: GrantDetails; onChange(adjustment: GrantAdjustment | null): void }) {
  const { permission, rules, token } = grant;
  const original = adjustableAmount(permission);
  const [expiry] = rules.flatMap((rule) => (rule.type === 'expiry' ? [rule.data.timestamp] : []));
  const [typed, setTyped] = useState({ amount: exactAmount(original, token.decimals), end: expiry === undefined ? '' : localInput(expiry) });
  const update = (next: typeof typed) => {
    setTyped(next);
    let amount: bigint;
    try {
      amount = parseUnits(next.amount.trim(), token.decimals);
    } catch {
      return onChange(null);
    }
    const end = next.end === '' ? undefined : Math.floor(new Date(next.end).getTime() / 1000);
    if (amount <= 0n || amount > original || (end !== undefined && (Number.isNaN(end) || (expiry !== undefined && end > expiry)))) return onChange(null);
    onChange({ ...(amount < original ? { amount: `0x${amount.toString(16)}` as Hex } : {}), ...(end !== undefined && end !== expiry ? { expiry: end } : {}) });
  };
  return (
    <fieldset aria-label={t('approval_changePermission')}>
      <legend>{t('approval_askForLess')}</legend>
      <label>
        {amountLabel(permission)} ({cleanText(token.symbol)})
        <input inputMode="decimal" aria-label={t('approval_amount')} value={typed.amount} onChange={(e) => update({ ...typed, amount: e.target.value })} />
      </label>
      <label>
        {t('approval_ends')}
        <input type="datetime-local" aria-label={t('approval_ends')} value={typed.end} max={expiry === undefined ? undefined : localInput(expiry)} onChange={(e) => update({ ...typed, end: e.target.value })} />
      </label>
    </fieldset>
  );
}

function Grant({ grant, index, onAdjust }: { grant: GrantDetails; index: number; onAdjust(adjustment: GrantAdjustment | null): void }) {
  const { token, permission, rules } = grant;
  const symbol = cleanText(token.symbol);
  const words = grantWords(permission, rules, { ...token, symbol }, Math.floor(Date.now() / 1000), { phrases: grantPhrases() });
  const { justification } = permission.data;
  const redeemers = rules.flatMap((rule) => (rule.type === 'redeemer' ? rule.data.addresses : []));
  const payees = rules.flatMap((rule) => (rule.type === 'payee' ? rule.data.addresses : []));
  return (
    <section aria-label={t('approval_permissionNumber', { number: (index + 1).toLocaleString(uiLocale()) })}>
      <p aria-label={t('approval_permissionInWords')}>
        <strong>{words.amount}</strong>{words.start ? `, ${words.start}` : ''}, {words.end}.
      </p>
      <Rows>
        <Row label={t('approval_spentBy')} name={t('approval_sessionAccount')}><AddressText address={grant.to} /></Row>
        <Row label={t(token.address ? 'approval_token' : 'approval_currency')} name={t('approval_token')}>{symbol}{token.address && <> <AddressText address={token.address} /></>}</Row>
        <Row label={t('approval_youHold')} name={t('approval_balance')}><Amount units={token.balance} decimals={token.decimals} symbol={symbol} /></Row>
        {redeemers.length > 0 && <Row label={t('approval_onlyRedeemedBy')} name={t('approval_redeemers')}>{redeemers.map((a) => <AddressText key={a} address={a} />)}</Row>}
        {payees.length > 0 && <Row label={t('approval_onlyPaidTo')} name={t('approval_payees')}>{payees.map((a) => <AddressText key={a} address={a} />)}</Row>}
        {justification && <Row label={t('approval_siteSays')} name={t('approval_justification')}>{t('approval_quoted', { text: cleanText(justification) })}</Row>}
      </Rows>
      <LookAlikeWarning names={[[t('requests_tokenSymbolLabel'), token.symbol]]} />
      <Dangers dangers={grant.dangers} label={t('approval_permissionWarning')} />
      {permission.isAdjustmentAllowed && <Adjust grant={grant} onChange={onAdjust} />}
    </section>
  );
}

/** What Grant also sends first: the account's upgrade, and the DeleGator's deployment on a chain that lacks it. */
function Upgrade({ upgrade, symbol, networkName }: { upgrade: GrantUpgrade; symbol: string; networkName: string }) {
  const { replaces, delegate, deploy, dangers } = upgrade;
  return (
    <section aria-label={t('approval_accountUpgrade')}>
      <p aria-label={t('approval_upgradeInWords')}>
        {t('approval_upgradeWords', {
          replaces: !replaces ? '' : replaces.name ? t('approval_upgradeReplaces', { name: replaces.name }) : t('approval_upgradeReplacesUnnamed'),
          deploy: deploy ? t('approval_upgradeDeploys', { network: networkName }) : '',
        })}
      </p>
      <Rows>
        <Row label={t('approval_delegatesNowTo')} name={t('approval_replaces')}>{replaces ? <>{replaces.name ? `${replaces.name} ` : ''}<AddressText address={replaces.address} /></> : t('approval_plainAccount')}</Row>
        <Row label={t('approval_willDelegateTo')} name={t('approval_delegate')}>{delegate.name} <AddressText address={delegate.address} /></Row>
        {deploy && <Row label={t('approval_deployMaxFee')} name={t('approval_deployFee')}><Amount units={deploy.maxFee} symbol={symbol} /></Row>}
        <Row label={t('approval_upgradeMaxFee')} name={t('approval_upgradeFee')}><Amount units={upgrade.maxFee} symbol={symbol} /></Row>
      </Rows>
      <Dangers dangers={dangers} label={t('approval_upgradeWarning')} />
    </section>
  );
}

export function GrantPermissions({ approval }: ScreenProps<'grantPermissions'>) {
  const { details } = approval;
  const { blocked, gate } = useDangerGate([...details.grants.flatMap((grant) => grant.dangers), ...(details.upgrade?.dangers ?? [])], 'Grant');
  // null while an adjustment being typed is not one the wallet would take.
  const [adjustments, setAdjustments] = useState<(GrantAdjustment | null)[]>(() => details.grants.map(() => ({})));
  const adjust = (index: number) => (adjustment: GrantAdjustment | null) => setAdjustments((all) => all.map((a, i) => (i === index ? adjustment : a)));
  const invalid = adjustments.some((a) => a === null);
  return (
    <Screen
      title={t(details.grants.length > 1 ? 'approval_grantPermissions' : 'approval_grantPermission')}
      origin={approval.origin}
      network={cleanText(details.networkName)}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, adjustments.map((a) => a ?? {}))} approveLabel={t('approval_grant')} blocked={blocked || invalid} />}
    >
      <p><Message id="approval_grantExplains" values={{ account: <AddressText address={details.account} /> }} /></p>
      {details.grants.map((grant, i) => <Grant key={i} grant={grant} index={i} onAdjust={adjust(i)} />)}
      {details.upgrade && <Upgrade upgrade={details.upgrade} symbol={cleanText(details.symbol ?? 'ETH')} networkName={cleanText(details.networkName)} />}
      {gate}
    </Screen>
  );
}
