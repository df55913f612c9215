/**
 * One call, as what it does: in its ERC-7730 descriptor's words with its dangers (as the signature screens show them)
 * when one binds; else token actions in words, a known function by name, otherwise its raw data (collapsed). Bytes a
 * site put after the arguments are named as a danger and shown apart.
 */
import { callDangers, type CallReview, type DecodedCall, type TokenAction } from '../../shared/decodedCall';
import type { AssetInfo } from '../../shared/preview';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { Notice } from '../components/Notice';
import { Message } from '../i18n/Message';
import { t, uiLocale } from '../i18n/t';
import { innerLabelOf } from '../format/clearWords';
import { ClearSigned } from './ClearSigned';
import { Dangers } from './Dangers';
import { TokenUnits } from './TokenUnits';

type Tokens = Record<string, AssetInfo>;

/** A token amount in its units once the preview read the contract; until then, in the contract's smallest unit. */
function TokenAmount({ token, amount, tokens, unlimited }: { token: string; amount: string; tokens: Tokens; unlimited?: boolean }) {
  const info = tokens[token.toLowerCase()];
  if (unlimited) return <strong>{info ? t('preview_unlimitedSymbol', { symbol: info.symbol }) : t('preview_unlimitedTokens')}</strong>;
  return info ? <TokenUnits units={amount} asset={info} /> : <span><Message id="preview_unitsOf" values={{ amount, token: <AddressText address={token} /> }} /></span>;
}

function ActionText({ action, tokens }: { action: TokenAction; tokens: Tokens }) {
  const collection = (token: string) => tokens[token.toLowerCase()]?.symbol ?? <AddressText address={token} />;
  switch (action.kind) {
    case 'transfer':
      if (action.standard === 'erc20') return <Message id="preview_sendTo" values={{ amount: <TokenAmount token={action.token} amount={action.amount} tokens={tokens} />, to: <AddressText address={action.to} /> }} />;
      return <Message id="preview_sendTo" values={{ amount: <>{action.standard === 'erc1155' ? `${BigInt(action.amount).toLocaleString(uiLocale())} × ` : ''}{collection(action.token)} #{action.tokenId}</>, to: <AddressText address={action.to} /> }} />;
    case 'approve':
      return <Message id={action.standard === 'permit2' ? 'preview_allowSpendPermit2' : 'preview_allowSpend'} values={{ spender: <AddressText address={action.spender} />, amount: <TokenAmount token={action.token} amount={action.amount} tokens={tokens} unlimited={action.unlimited} /> }} />;
    case 'approveAll':
      return <Message id={action.approved ? 'preview_allowAll' : 'preview_revokeAll'} values={{ operator: <AddressText address={action.operator} />, collection: collection(action.token) }} />;
  }
}

/** Who may take what, named: unlimited approvals and approval for a whole collection. */
function actionWarning(action: TokenAction | undefined): string | undefined {
  if (action?.kind === 'approve' && action.unlimited) return t('preview_unlimitedWarning', { spender: action.spender });
  if (action?.kind === 'approveAll' && action.approved) return t('preview_allTokensWarning', { operator: action.operator });
  return undefined;
}

/** describeCall's words, for a call no descriptor binds to (and records stored before clear signing). */
function DescribedCall({ call, symbol, tokens }: { call: DecodedCall; symbol: string; tokens: Tokens }) {
  const warning = actionWarning(call.action);
  return (
    <>
      <div className="call-title">
        {call.action ? <ActionText action={call.action} tokens={tokens} />
          : !call.to ? t('preview_createContract')
          : call.fn ? <span className="mono">{call.fn.signature}</span>
          : call.dataSize === 0 ? <Message id="preview_sendTo" values={{ amount: <Amount units={BigInt(call.value)} symbol={symbol} />, to: <AddressText address={call.to} /> }} />
          : <Message id="preview_callTo" values={{ to: <AddressText address={call.to} /> }} />}
      </div>
      {call.fn && !call.action && call.fn.args.length > 0 && (
        <ul className="muted">{call.fn.args.map((a, i) => <li key={i}><span>{a.name || t('preview_argument', { index: i })}</span>: <span className="mono">{a.value}</span></li>)}</ul>
      )}
      {warning && <Notice tone="danger" label={t('preview_approvalWarning')}>{warning}</Notice>}
      <Dangers dangers={callDangers(call)} label={t('preview_approvalWarning')} />
    </>
  );
}

/** A call a descriptor binds to: the same words and danger rows as a signature granting the same. */
function ReviewedCall({ review }: { review: CallReview }) {
  return (
    <>
      <ClearSigned clear={review.clear} />
      {review.inner?.map((inner, i) => <div key={i} className="inner-call" aria-label={t('preview_innerInWords', { label: innerLabelOf(inner) })}><ClearSigned clear={inner.clear} /></div>)}
      <Dangers dangers={review.dangers} label={t('preview_approvalWarning')} />
    </>
  );
}

export function CallCard({ call, label, symbol, tokens }: { call: DecodedCall; label: string; symbol: string; tokens: Tokens }) {
  const value = BigInt(call.value);
  return (
    <li className="card call-card" aria-label={label}>
      {call.review ? <ReviewedCall review={call.review} /> : <DescribedCall call={call} symbol={symbol} tokens={tokens} />}
      {call.to && (call.review || call.action || call.fn || call.dataSize > 0) && <div className="muted"><Message id="preview_contract" values={{ address: <AddressText address={call.to} /> }} /></div>}
      {value > 0n && call.dataSize > 0 && <div><Message id="preview_sends" values={{ amount: <Amount units={value} symbol={symbol} /> }} /></div>}
      {call.data && (
        <details className="raw">
          <summary>{call.selector ? t('preview_dataBytesSelector', { size: call.dataSize.toLocaleString(uiLocale()), selector: call.selector }) : t('preview_dataBytes', { size: call.dataSize.toLocaleString(uiLocale()) })}</summary>
          <pre>{call.data}{call.data.length < 2 + call.dataSize * 2 ? '…' : ''}</pre>
        </details>
      )}
      {call.afterArguments && (
        <details className="raw" aria-label={t('preview_bytesAfterArguments')}>
          <summary>{t('preview_afterArguments', { size: call.afterArguments.size.toLocaleString(uiLocale()) })}</summary>
          <pre>{call.afterArguments.data}{call.afterArguments.data.length < 2 + call.afterArguments.size * 2 ? '…' : ''}</pre>
        </details>
      )}
    </li>
  );
}
