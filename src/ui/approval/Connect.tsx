/**
 * eth_requestAccounts, wallet_requestPermissions and wallet_connect: which of the wallet's accounts the site may see;
 * with ERC-7846's sign-in, the EIP-4361 message each chosen account will sign, below the accounts.
 */
import { useState } from 'react';
import type { Hex } from '../../shared/params';
import { isNotSecure } from '../../shared/secureOrigin';
import { siweMessage } from '../../shared/siwe';
import { AddressText } from '../components/AddressText';
import { Notice } from '../components/Notice';
import { Screen } from '../components/Screen';
import { Decision } from './Decision';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function Connect({ approval, state }: ScreenProps<'connect'>) {
  const [chosen, setChosen] = useState<Hex[]>(state.selectedAccount ? [state.selectedAccount] : []);
  const toggle = (address: Hex) =>
    setChosen(chosen.includes(address) ? chosen.filter((a) => a !== address) : [...chosen, address]);
  const { signIn } = approval.details;
  const nameOf = (address: Hex) => state.accounts.find((a) => a.address === address)?.name ?? address;
  return (
    <Screen
      title={signIn ? `Connect and sign in to ${approval.origin}` : `Connect to ${approval.origin}`}
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, chosen)} approveLabel={signIn ? 'Connect and sign in' : 'Connect'} blocked={chosen.length === 0} />}
    >
      {isNotSecure(approval.origin) && (
        <Notice tone="danger" label="Not secure site">This site&apos;s connection is not encrypted: anyone on your network can change what it asks you to sign, and see the accounts you choose.</Notice>
      )}
      {approval.details.lookAlikeSite && <Notice tone="danger" label="Look-alike site">{approval.details.lookAlikeSite} Check the address bar before you connect.</Notice>}
      <p>This site will see the addresses you choose and can ask you to approve transactions. It cannot move funds without your approval.</p>
      <fieldset className="card">
        <legend>Accounts</legend>
        {state.accounts.map((account) => (
          <label key={account.address} className="check">
            <input type="checkbox" checked={chosen.includes(account.address)} onChange={() => toggle(account.address)} aria-label={account.name} />
            <span>{account.name}</span> <AddressText address={account.address} />
          </label>
        ))}
      </fieldset>
      {signIn && (
        <section aria-label="Sign-in">
          <h2>Sign in with Ethereum</h2>
          {signIn.warning && <Notice tone="danger">{signIn.warning}</Notice>}
          <p>Each chosen account signs this message, which the site can use to sign you in:</p>
          {chosen.map((account) => (
            <pre key={account} className="card" aria-label={`Sign-in message of ${nameOf(account)}`}>{siweMessage(signIn.fields, account)}</pre>
          ))}
          <p className="muted">Signing costs nothing and moves no funds.</p>
        </section>
      )}
    </Screen>
  );
}
