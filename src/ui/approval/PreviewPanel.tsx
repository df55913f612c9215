/**
 * What will happen, simulated: what the account sends and receives, the allowances it grants, the fee, and a call that
 * would revert. Shown when the simulation settles; until then a placeholder.
 */
import type { AllowanceChange, AssetChange, AssetInfo } from '../../shared/preview';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { Notice } from '../components/Notice';
import { Skeleton } from '../components/Skeleton';
import type { MessageKey } from '../i18n/keys';
import { Message } from '../i18n/Message';
import { say } from '../i18n/say';
import { t, uiLocale } from '../i18n/t';
import { TokenUnits } from './TokenUnits';
import type { PreviewState } from './usePreview';

/** Who pays the fee: the account (up to `maxFee` wei, or in USDC as `line` says, in the browser's language) or a sponsor. */
export type FeePayer = { maxFee: string; symbol: string; tier?: string } | { line: string } | { sponsor: string };

/** The contract of a token row, unless it is the native currency or the chain's well-known token at its real contract. */
function Contract({ asset }: { asset: AssetInfo }) {
  return asset.token === 'native' || asset.known ? null : <> <span className="muted">(<AddressText address={asset.token} />)</span></>;
}

/** A token of the preview that uses a well-known token's symbol on another contract. */
function LookAlikeTokens({ assets }: { assets: AssetInfo[] }) {
  const fakes = [...new Map(assets.filter((a) => a.imitates).map((a) => [a.token, a])).values()];
  return fakes.map((a) => (
    <Notice key={a.token} tone="danger" label={t('preview_lookAlikeToken')}>
      {t('preview_lookAlikeTokenWarning', { symbol: a.imitates!.symbol, token: a.token, real: a.imitates!.address })}
    </Notice>
  ));
}

function Change({ change }: { change: AssetChange }) {
  const amount = BigInt(change.amount);
  const size = amount < 0n ? -amount : amount;
  const nft = change.standard === 'erc721' || change.standard === 'erc1155';
  return (
    <li className={amount < 0n ? 'amount-out' : 'amount-in'}>
      {nft ? <>{size.toLocaleString(uiLocale())} × {change.symbol} #{change.tokenId}</> : <TokenUnits units={size} asset={change} />}
      <Contract asset={change} />
    </li>
  );
}

function Allowance({ allowance }: { allowance: AllowanceChange }) {
  const what = allowance.allTokens ? t('preview_allYour', { symbol: allowance.symbol })
    : allowance.unlimited ? t('preview_unlimitedSymbol', { symbol: allowance.symbol })
    : allowance.tokenId !== undefined ? `${allowance.symbol} #${allowance.tokenId}`
    : <TokenUnits units={allowance.amount ?? '0'} asset={allowance} />;
  return <li>{allowance.revoked
    ? <Message id="preview_revokesOn" values={{ spender: <AddressText address={allowance.spender} />, symbol: allowance.symbol }} />
    : <Message id="preview_maySpend" values={{ spender: <AddressText address={allowance.spender} />, what }} />}<Contract asset={allowance} /></li>;
}

function Fee({ fee }: { fee: FeePayer }) {
  return (
    <p aria-label={t('preview_fee')} className="muted">
      {'sponsor' in fee ? t('preview_feePaidBy', { sponsor: fee.sponsor }) : 'line' in fee ? fee.line
        : <Message id={fee.tier ? 'preview_feeUpToTier' : 'preview_feeUpTo'} values={{ amount: <Amount units={fee.maxFee} symbol={fee.symbol} />, ...(fee.tier ? { tier: fee.tier } : {}) }} />}
    </p>
  );
}

export function PreviewPanel({ state, fee }: { state: PreviewState; fee: FeePayer }) {
  if (state.loading) return <Skeleton label={t('preview_preview')} lines={3} />;
  if ('error' in state) return <section aria-label={t('preview_preview')} className="card"><Notice tone="info">{t('preview_noPreview', { error: state.error })}</Notice><Fee fee={fee} /></section>;
  const { preview } = state;
  if (preview.kind === 'unaffordable') {
    return (
      <section aria-label={t('preview_preview')} className="card">
        <Notice tone="danger" label={t('preview_balanceTooLow')}>
          <Message id="preview_sendsMoreThanBalance" values={{ balance: <Amount units={preview.balance} symbol={'symbol' in fee ? fee.symbol : 'ETH'} /> }} />
        </Notice>
        <Fee fee={fee} />
      </section>
    );
  }
  const revert = preview.revert && (
    <Notice tone="danger" label={t('preview_revert')}>{t('preview_callWouldFail', { number: (preview.revert.call + 1).toLocaleString(uiLocale()), reason: preview.revert.reason })}</Notice>
  );
  if (preview.kind === 'unavailable') {
    // In words; a preview made before them in the worker's English.
    const why = preview.reasonWords ? say({ ...preview.reasonWords, key: preview.reasonWords.key satisfies MessageKey }) : preview.reason;
    return <section aria-label={t('preview_preview')} className="card"><Notice tone="info">{why}</Notice>{revert}<Fee fee={fee} /></section>;
  }
  const sends = preview.changes.filter((c) => BigInt(c.amount) < 0n);
  const receives = preview.changes.filter((c) => BigInt(c.amount) > 0n);
  // The fee comes on top of what leaves the account; a sponsor pays its own.
  const native = BigInt(preview.changes.find((c) => c.token === 'native')?.amount ?? '0');
  const needed = (native < 0n ? -native : 0n) + ('maxFee' in fee ? BigInt(fee.maxFee) : 0n);
  return (
    <section aria-label={t('preview_preview')} className="card">
      {revert}
      <LookAlikeTokens assets={[...preview.changes, ...preview.allowances]} />
      {sends.length > 0 && <><h2>{t('preview_youSend')}</h2><ul className="changes" aria-label={t('preview_youSend')}>{sends.map((c, i) => <Change key={i} change={c} />)}</ul></>}
      {receives.length > 0 && <><h2>{t('preview_youReceive')}</h2><ul className="changes" aria-label={t('preview_youReceive')}>{receives.map((c, i) => <Change key={i} change={c} />)}</ul></>}
      {preview.allowances.length > 0 && <><h2>{t('preview_youAllow')}</h2><ul className="changes" aria-label={t('preview_youAllow')}>{preview.allowances.map((a, i) => <Allowance key={i} allowance={a} />)}</ul></>}
      {sends.length + receives.length + preview.allowances.length === 0 && !preview.revert && <p>{t('preview_noBalanceChanges')}</p>}
      {preview.unmatched && <Notice tone="info" label={t('preview_simulationLimits')}>{preview.unmatchedWords ? say({ key: preview.unmatchedWords.key satisfies MessageKey }) : preview.unmatched}</Notice>}
      <Fee fee={fee} />
      {needed > BigInt(preview.balance) && (
        <Notice tone="danger" label={t('preview_balanceTooLow')}>
          <Message id="preview_balanceShort" values={{ balance: <Amount units={preview.balance} symbol={'symbol' in fee ? fee.symbol : 'ETH'} /> }} />
        </Notice>
      )}
    </section>
  );
}
