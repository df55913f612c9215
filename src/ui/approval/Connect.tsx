/**
 * eth_requestAccounts, wallet_requestPermissions and wallet_connect: which of the wallet's accounts the site may see;
 * with ERC-7846's sign-in, the EIP-4361 message each chosen account will sign, below the accounts.
 */
import { useState } from 'react';
import type { Hex } from '../../shared/params';
import { isNotSecure } from '../../shared/secureOrigin';
import { signInElsewhere } from '../../shared/signInElsewhere';
import { siweMessage } from '../../shared/siwe';
import { AddressText } from '../components/AddressText';
import { Notice } from '../components/Notice';
import { Screen } from '../components/Screen';
import { t } from '../i18n/t';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function Connect({ approval, state }: ScreenProps<'connect'>) {
  const [chosen, setChosen] = useState<Hex[]>(state.selectedAccount ? [state.selectedAccount] : []);
  const toggle = (address: Hex) =>
    setChosen(chosen.includes(address) ? chosen.filter((a) => a !== address) : [...chosen, address]);
  const { signIn } = approval.details;
  const elsewhere = signIn && signInElsewhere(signIn.fields.scheme, signIn.fields.domain, approval.origin);
  const nameOf = (address: Hex) => state.accounts.find((a) => a.address === address)?.name ?? address;
  return (
    <Screen
      title={t(signIn ? 'approval_connectSignInTitle' : 'approval_connectTitle', { origin: approval.origin })}
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => approve(approval, chosen)} approveLabel={t(signIn ? 'approval_connectSignIn' : 'approval_connect')} blocked={chosen.length === 0} />}
    >
      {isNotSecure(approval.origin) && (
        <Notice tone="danger" label={t('approval_notSecureSite')}>{t('approval_notSecureWarning')}</Notice>
      )}
      {approval.details.lookAlikeSite && <Notice tone="danger" label={t('approval_lookAlikeSite')}>{approval.details.lookAlikeSite} {t('approval_checkAddressBar')}</Notice>}
      <p>{t('approval_connectExplains')}</p>
      <fieldset className="card">
        <legend>{t('approval_accounts')}</legend>
        {state.accounts.map((account) => (
          <label key={account.address} className="check">
            <input type="checkbox" checked={chosen.includes(account.address)} onChange={() => toggle(account.address)} aria-label={account.name} />
            <span>{account.name}</span> <AddressText address={account.address} />
          </label>
        ))}
      </fieldset>
      {signIn && (
        <section aria-label={t('approval_signIn')}>
          <h2>{t('approval_signInWithEthereum')}</h2>
          {elsewhere && <Notice tone="danger">{t('approval_signInElsewhere', { ...elsewhere })}</Notice>}
          <p>{t('approval_signInExplains')}</p>
          {chosen.map((account) => (
            <pre key={account} className="card" aria-label={t('approval_signInMessageOf', { name: nameOf(account) })}>{siweMessage(signIn.fields, account)}</pre>
          ))}
          <p className="muted">{t('approval_signingIsFree')}</p>
        </section>
      )}
    </Screen>
  );
}
