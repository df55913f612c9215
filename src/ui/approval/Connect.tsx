/** eth_requestAccounts: which of the wallet's accounts the site may see. */
import { useState } from 'react';
import type { Hex } from '../../shared/params';
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
  return (
    <Screen
      title={`Connect to ${approval.origin}`}
      origin={approval.origin}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, chosen)} approveLabel="Connect" blocked={chosen.length === 0} />}
    >
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
    </Screen>
  );
}
