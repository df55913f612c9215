/**
 * The delegation firewall's revert, reviewed: which account is cleared, the contract it delegates to, the fee cap,
 * and which account sends and pays (most ETH first; the cleared account may have been drained).
 */
import { getAddress } from 'ethers';
import { useState } from 'react';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { Notice } from '../components/Notice';
import { Row, Rows } from '../components/Rows';
import { Screen } from '../components/Screen';
import { shortAddress } from '../format/amounts';
import { t } from '../i18n/t';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function RevertForeignDelegation({ approval, state }: ScreenProps<'revertForeignDelegation'>) {
  const { details } = approval;
  const [payer, setPayer] = useState(details.payers[0].address);
  const chosen = details.payers.find((p) => p.address === payer) ?? details.payers[0];
  const nameOf = (account: string) => state.accounts.find((a) => a.address.toLowerCase() === account.toLowerCase())?.name ?? shortAddress(getAddress(account));
  const name = nameOf(details.account);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const ledger = (account: string) => Boolean(state.accounts.find((a) => same(a.address, account))?.ledger);
  // A Ledger signs one thing per request: its account's authorization and another's transaction would take two signers.
  const twoSigners = !same(payer, details.account) && (ledger(details.account) || ledger(payer));
  return (
    <Screen
      title={t('review_revertTitle')}
      origin={approval.origin}
      network={details.networkName}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, payer)} approveLabel={t('review_revert')} blocked={twoSigners} ledger={ledger(payer)} />}
    >
      <Notice tone="danger" label={t('review_delegation')}>{t('review_foreignDelegate', { name, delegate: getAddress(details.delegate) })}</Notice>
      <p>{t('review_revertExplained', { name })}</p>
      <Rows>
        <Row label={t('review_account')}><AddressText address={details.account} /></Row>
        <Row label={t('review_delegatedTo')} name={t('review_delegate')} mono>{getAddress(details.delegate)}</Row>
        <Row label={t('review_maxNetworkFee')}><Amount units={details.maxFee} symbol={details.symbol} /></Row>
        <Row label={t('review_payerBalance')}><Amount units={chosen.balance} symbol={details.symbol} /></Row>
      </Rows>
      {twoSigners && (
        <Notice tone="warn" label={t('ledger_device')}>{t('review_ledgerPaysItself', { name })}</Notice>
      )}
      <label>
        {t('review_paidBy')}
        <select aria-label={t('review_paidBy')} value={payer} onChange={(e) => setPayer(e.target.value as typeof payer)}>
          {details.payers.map((p) => <option key={p.address} value={p.address}>{nameOf(p.address)} ({shortAddress(getAddress(p.address))})</option>)}
        </select>
      </label>
    </Screen>
  );
}
