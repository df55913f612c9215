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
import { Message } from '../../i18n/Message';
import { t, tCount, uiLocale } from '../../i18n/t';

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
  (address.toLowerCase() === LEDGER_7702_ACCOUNT.toLowerCase() ? 'Simple7702Account' : t('ledger_notListed'));

/** As the app says it: chain 0 is valid on every chain. */
function authorizationNetwork(chainId: Hex, transactionChain: bigint, name: string): string {
  if (BigInt(chainId) === 0n) return t('ledger_allNetworks');
  return BigInt(chainId) === transactionChain ? name : t('ledger_chain', { chain: BigInt(chainId).toString() });
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
      <Rows label={revocation ? t('ledger_firstRevocation') : t('ledger_firstUpgrade')}>
        {/* A revocation (delegate zero) has its own screen in the app: the account becomes plain again. */}
        <Row label={t('ledger_delegateTo')}>{revocation ? t('ledger_revokeDelegation') : listedDelegate(authorization.address)}</Row>
        <Row label={t('ledger_delegateAddress')} mono>{authorization.address}</Row>
        <Row label={t('ledger_network')}>{authorizationNetwork(authorization.chainId, chainId, network.name)}</Row>
      </Rows>
      <Notice tone="info">{t('ledger_upgradeSetting')}</Notice>
    </>
  );
}

/** A sponsored batch's userOp: who pays, the calls it makes, then every field the device lists. */
function UserOperationShows({ payload, network }: { payload: Extract<DevicePayload, { kind: 'userOperation' }>; network: { name: string; symbol: string } }) {
  const { sponsor, typedData, authorization, operation } = payload;
  // The paymaster the device signs (the worker pinned it to the approved one), not the name beside it.
  const paymaster = operation.paymaster ?? t('ledger_none');
  return (
    <>
      {authorization && <UpgradeShows authorization={authorization} chainId={BigInt(String(typedData.domain.chainId))} network={network} />}
      <Rows label={authorization ? t('ledger_thenOperation') : t('ledger_operation')}>
        {/* The name is the site's paymaster's own words: cleaned as the approval screen shows it. */}
        <Row label={t('ledger_sponsoredBy')}>{sponsor.name ? `${cleanText(sponsor.name)} (${paymaster})` : paymaster}</Row>
        {batchCalls(operation.callData).map((call, i) => (
          <Row key={i} label={t('ledger_call', { number: (i + 1).toLocaleString(uiLocale()) })} mono>
            {call.data === '0x'
              ? <Message id="ledger_amountTo" values={{ amount: <Amount units={call.value} symbol={network.symbol} />, to: call.to }} />
              : <Message id="ledger_amountToWithData" values={{ amount: <Amount units={call.value} symbol={network.symbol} />, to: call.to, data: call.data }} />}
          </Row>
        ))}
        <Row label={t('ledger_entryPoint')} mono>{String(typedData.domain.verifyingContract)}</Row>
        <Row label={t('ledger_network')}>{network.name}</Row>
      </Rows>
      <Rows label={t('ledger_deviceShows')}>
        {[...fieldsOf(typedData.domain, ''), ...fieldsOf(typedData.message, typedData.primaryType)].map(([name, value]) => <Row key={name} label={name} mono>{value}</Row>)}
      </Rows>
      <Notice tone="info">{t('ledger_blindOrVerbose')}</Notice>
    </>
  );
}

export function DeviceShows({ payload, hashesOnly, network }: { payload: DevicePayload; hashesOnly: boolean; network: { name: string; symbol: string } }) {
  if (payload.kind === 'message') {
    return <pre className="card" aria-label={t('ledger_deviceShows')}>{messageText(payload.message)}</pre>;
  }
  if (payload.kind === 'typedData') {
    if (hashesOnly) {
      return (
        <>
          <Notice tone="warn">{t('ledger_hashesOnly')}</Notice>
          <Rows label={t('ledger_deviceShows')}>
            <Row label={t('ledger_domainHash')} mono>{payload.domainHash}</Row>
            <Row label={t('ledger_messageHash')} mono>{payload.messageHash}</Row>
          </Rows>
        </>
      );
    }
    const { domain, message, primaryType } = payload.typedData;
    return (
      <>
        <Rows label={t('ledger_deviceShows')}>
          {[...fieldsOf(domain, ''), ...fieldsOf(message, primaryType)].map(([name, value]) => <Row key={name} label={name} mono>{value}</Row>)}
        </Rows>
        <Notice tone="info">{t('ledger_blindOrVerbose')}</Notice>
      </>
    );
  }
  if (payload.kind === 'userOperation') return <UserOperationShows payload={payload} network={network} />;
  if (payload.kind === 'transactions') {
    return (
      <>
        <Notice tone="info">{tCount({ one: 'ledger_confirmTransactions_one', other: 'ledger_confirmTransactions_other' }, payload.unsigned.length)}</Notice>
        {payload.unsigned.map((unsigned, i) => (
          <TransactionShown key={unsigned} unsigned={unsigned} label={t('ledger_transactionOf', { number: (i + 1).toLocaleString(uiLocale()), count: payload.unsigned.length.toLocaleString(uiLocale()) })} network={network} />
        ))}
      </>
    );
  }
  const upgrade = payload.kind === 'upgrade';
  return (
    <>
      {upgrade && <UpgradeShows authorization={payload.authorization} chainId={Transaction.from(payload.unsigned).chainId} network={network} />}
      <TransactionShown unsigned={payload.unsigned} label={upgrade ? t('ledger_thenTransaction') : t('ledger_deviceShows')} network={network} />
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
        <Row label={t('ledger_amount')}><Amount units={tx.value} symbol={network.symbol} /></Row>
        {/* In full: the device shows every character of it. */}
        <Row label={t('ledger_to')} mono>{tx.to ?? t('ledger_newContract')}</Row>
        <Row label={t('ledger_maxFees')}><Amount units={maxFee} symbol={network.symbol} /></Row>
        <Row label={t('ledger_network')}>{network.name}</Row>
      </Rows>
      {tx.data !== '0x' && <Notice tone="warn">{t('ledger_callsContract')}</Notice>}
    </>
  );
}
