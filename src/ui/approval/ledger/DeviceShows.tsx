/**
 * What the Ledger will show for the request (docs/ledger.md, "What the device shows"), taken from the payload the
 * worker had it sign, so the user compares the device's screen with exactly what is signed.
 */
import { Interface, Transaction } from 'ethers';
import { LEDGER_7702_ACCOUNT } from '../../../shared/contracts';
import { cleanText, revealInvisible } from '../../../shared/displayText';
import type { DeviceAuthorization, DevicePayload } from '../../../shared/deviceSigning';
import { Amount } from '../../components/Amount';
import { Notice } from '../../components/Notice';
import { Row, Rows } from '../../components/Rows';
import type { Hex } from '../../../shared/params';

const BLIND_SIGNING = "Blind signing must be on in the Ethereum app's settings.";
const BLIND_OR_VERBOSE = "The wallet sends no Ledger descriptions of this message: Blind signing or Verbose EIP-712 must be on in the Ethereum app's settings.";

/** Printable text as the device shows it (the app replaces what it cannot print); characters that reorder or hide text by their code points. */
function messageText(message: Hex): string {
  const bytes = Uint8Array.from(message.slice(2).match(/../g) ?? [], (b) => parseInt(b, 16));
  try {
    return revealInvisible(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return message;
  }
}

/** Every field by its path, as the app lists them in its full EIP-712 mode. */
function fieldsOf(value: unknown, path: string): [string, string][] {
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([key, inner]) => fieldsOf(inner, path ? `${path}.${key}` : key));
  return [[path, String(value)]];
}

/** The delegate's name as the app's list gives it; the app refuses any other delegate (0x6980). */
const listedDelegate = (address: Hex): string =>
  (address.toLowerCase() === LEDGER_7702_ACCOUNT.toLowerCase() ? 'Simple7702Account' : "Not on the Ethereum app's list: the device will refuse it");

/** As the app says it: chain 0 is valid on every chain. */
function authorizationNetwork(chainId: Hex, transactionChain: bigint, name: string): string {
  if (BigInt(chainId) === 0n) return 'All networks';
  return BigInt(chainId) === transactionChain ? name : `Chain ${BigInt(chainId)}`;
}

const EXECUTE_BATCH = new Interface(['function executeBatch((address target, uint256 value, bytes data)[] calls)']);

/** The calls a Simple7702Account's executeBatch makes (the userOp's callData); none for other data. */
function batchCalls(callData: string): { to: string; value: bigint; data: string }[] {
  try {
    return (EXECUTE_BATCH.decodeFunctionData('executeBatch', callData)[0] as [string, bigint, string][]).map(([to, value, data]) => ({ to, value, data }));
  } catch {
    return [];
  }
}

/** The app's own screen for SIGN EIP 7702 AUTHORIZATION: the delegate by the name on its list. */
function UpgradeShows({ authorization, chainId, network }: { authorization: DeviceAuthorization; chainId: bigint; network: { name: string } }) {
  const revocation = BigInt(authorization.address) === 0n;
  return (
    <>
      <Rows label={revocation ? 'The device shows first: the revocation' : 'The device shows first: the upgrade'}>
        {/* A revocation (delegate zero) has its own screen in the app: the account becomes plain again. */}
        <Row label="Delegate to">{revocation ? 'None: revoke the delegation' : listedDelegate(authorization.address)}</Row>
        <Row label="Delegate address" mono>{authorization.address}</Row>
        <Row label="Network">{authorizationNetwork(authorization.chainId, chainId, network.name)}</Row>
      </Rows>
      <Notice tone="info">"Smart account upgrade" must be on in the Ethereum app's settings (app 1.17.0 or later).</Notice>
    </>
  );
}

/** A sponsored batch's userOp: who pays, the calls it makes, then every field the device lists. */
function UserOperationShows({ payload, network }: { payload: Extract<DevicePayload, { kind: 'userOperation' }>; network: { name: string; symbol: string } }) {
  const { sponsor, typedData, authorization, operation } = payload;
  // The paymaster the device signs (the worker pinned it to the approved one), not the name beside it.
  const paymaster = operation.paymaster ?? 'None';
  return (
    <>
      {authorization && <UpgradeShows authorization={authorization} chainId={BigInt(String(typedData.domain.chainId))} network={network} />}
      <Rows label={authorization ? 'Then the user operation' : 'The user operation'}>
        {/* The name is the site's paymaster's own words: cleaned as the approval screen shows it. */}
        <Row label="Sponsored by">{sponsor.name ? `${cleanText(sponsor.name)} (${paymaster})` : paymaster}</Row>
        {batchCalls(operation.callData).map((call, i) => (
          <Row key={i} label={`Call ${i + 1}`} mono>
            <Amount units={call.value} symbol={network.symbol} /> to {call.to}{call.data !== '0x' ? ` with data ${call.data}` : ''}
          </Row>
        ))}
        <Row label="EntryPoint" mono>{String(typedData.domain.verifyingContract)}</Row>
        <Row label="Network">{network.name}</Row>
      </Rows>
      <Rows label="The device shows">
        {[...fieldsOf(typedData.domain, ''), ...fieldsOf(typedData.message, typedData.primaryType)].map(([name, value]) => <Row key={name} label={name} mono>{value}</Row>)}
      </Rows>
      <Notice tone="info">{BLIND_OR_VERBOSE}</Notice>
    </>
  );
}

export function DeviceShows({ payload, hashesOnly, network }: { payload: DevicePayload; hashesOnly: boolean; network: { name: string; symbol: string } }) {
  if (payload.kind === 'message') {
    return <pre className="card" aria-label="The device shows">{messageText(payload.message)}</pre>;
  }
  if (payload.kind === 'typedData') {
    if (hashesOnly) {
      return (
        <>
          <Notice tone="warn">The Ethereum app on your Ledger can only show this message's two hashes, not its fields: compare them. {BLIND_SIGNING}</Notice>
          <Rows label="The device shows">
            <Row label="Domain hash" mono>{payload.domainHash}</Row>
            <Row label="Message hash" mono>{payload.messageHash}</Row>
          </Rows>
        </>
      );
    }
    const { domain, message, primaryType } = payload.typedData;
    return (
      <>
        <Rows label="The device shows">
          {[...fieldsOf(domain, ''), ...fieldsOf(message, primaryType)].map(([name, value]) => <Row key={name} label={name} mono>{value}</Row>)}
        </Rows>
        <Notice tone="info">{BLIND_OR_VERBOSE}</Notice>
      </>
    );
  }
  if (payload.kind === 'userOperation') return <UserOperationShows payload={payload} network={network} />;
  if (payload.kind === 'transactions') {
    return (
      <>
        <Notice tone="info">Your Ledger will ask you to confirm {payload.unsigned.length} transactions, one for each call: each runs on its own, and one can fail without the others.</Notice>
        {payload.unsigned.map((unsigned, i) => <TransactionShown key={unsigned} unsigned={unsigned} label={`Transaction ${i + 1} of ${payload.unsigned.length}`} network={network} />)}
      </>
    );
  }
  return (
    <>
      {payload.kind === 'upgrade' && <UpgradeShows authorization={payload.authorization} chainId={Transaction.from(payload.unsigned).chainId} network={network} />}
      <TransactionShown unsigned={payload.unsigned} label={payload.kind === 'upgrade' ? 'Then the transaction' : 'The device shows'} network={network} />
    </>
  );
}

/** One transaction as the app shows it: amount, recipient, max fees, network. */
function TransactionShown({ unsigned, label, network }: { unsigned: Hex; label: string; network: { name: string; symbol: string } }) {
  const tx = Transaction.from(unsigned);
  const maxFee = tx.gasLimit * (tx.maxFeePerGas ?? tx.gasPrice ?? 0n);
  return (
    <>
      <Rows label={label}>
        <Row label="Amount"><Amount units={tx.value} symbol={network.symbol} /></Row>
        {/* In full: the device shows every character of it. */}
        <Row label="To" mono>{tx.to ?? 'New contract'}</Row>
        <Row label="Max fees"><Amount units={maxFee} symbol={network.symbol} /></Row>
        <Row label="Network">{network.name}</Row>
      </Rows>
      {tx.data !== '0x' && <Notice tone="warn">This transaction calls a contract: {BLIND_SIGNING}</Notice>}
    </>
  );
}
