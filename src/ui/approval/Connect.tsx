import { useState } from 'react';
import type { Hex } from '../../shared/params';
import { approve, reject } from './resolve';
import type { ScreenProps } from './screenProps';

export function Connect({ approval, state }: ScreenProps<'connect'>) {
  const [chosen, setChosen] = useState<Hex[]>(state.selectedAccount ? [state.selectedAccount] : []);
  const toggle = (address: Hex) =>
    setChosen(chosen.includes(address) ? chosen.filter((a) => a !== address) : [...chosen, address]);
  return (
    <main>
      <h1>Connect to {approval.origin}</h1>
      <p>This site will see the addresses you choose and can ask you to approve transactions. It cannot move funds without your approval.</p>
      <fieldset className="card">
        <legend>Accounts</legend>
        {state.accounts.map((account) => (
          <label key={account.address} className="row">
            <input type="checkbox" checked={chosen.includes(account.address)} onChange={() => toggle(account.address)} aria-label={account.name} />
            <span className="mono">{account.name} {account.address}</span>
          </label>
        ))}
      </fieldset>
      <div className="row">
        <button className="secondary" onClick={() => void reject(approval)}>Reject</button>
        <button disabled={chosen.length === 0} onClick={() => void approve(approval, chosen)}>Connect</button>
      </div>
    </main>
  );
}
