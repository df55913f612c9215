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
      title="Revert to a plain account"
      origin={approval.origin}
      network={details.networkName}
      actions={<Decision onReject={() => void reject(approval)} onApprove={() => void approve(approval, payer)} approveLabel="Revert" blocked={twoSigners} />}
    >
      <Notice tone="danger" label="Delegation">
        {name} delegates to {getAddress(details.delegate)}, a contract this wallet did not set up.
      </Notice>
      <p>
        One type-4 transaction, sent by the account you pick, carries {name}’s authorization to address 0x0000…0000: its
        code becomes empty and it is a plain account again. The paying account pays the network fee; nothing else moves.
      </p>
      <Rows>
        <Row label="Account"><AddressText address={details.account} /></Row>
        <Row label="Delegated to" name="Delegate" mono>{getAddress(details.delegate)}</Row>
        <Row label="Max network fee"><Amount units={details.maxFee} symbol={details.symbol} /></Row>
        <Row label="Payer's balance"><Amount units={chosen.balance} symbol={details.symbol} /></Row>
      </Rows>
      {twoSigners && (
        <Notice tone="warn" label="Ledger">
          A Ledger account signs this revert only for its own delegation, paying for it itself, on the device: pick {name} to pay.
        </Notice>
      )}
      <label>
        Paid by
        <select aria-label="Paid by" value={payer} onChange={(e) => setPayer(e.target.value as typeof payer)}>
          {details.payers.map((p) => <option key={p.address} value={p.address}>{nameOf(p.address)} ({shortAddress(getAddress(p.address))})</option>)}
        </select>
      </label>
    </Screen>
  );
}
