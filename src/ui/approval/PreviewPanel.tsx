/**
 * What will happen, simulated: what the account sends and receives, the allowances it grants, the fee, and a call that
 * would revert. Shown when the simulation settles; until then a placeholder.
 */
import type { AllowanceChange, AssetChange, AssetInfo } from '../../shared/preview';
import { AddressText } from '../components/AddressText';
import { Amount } from '../components/Amount';
import { Notice } from '../components/Notice';
import { Skeleton } from '../components/Skeleton';
import type { PreviewState } from './usePreview';

/** Who pays the fee: the account (up to `maxFee` wei, or in USDC as `line` says) or a sponsor. */
export type FeePayer = { maxFee: string; symbol: string; tier?: string } | { line: string } | { sponsor: string };

/** The contract of a token row, unless it is the native currency or the chain's well-known token at its real contract. */
function Contract({ asset }: { asset: AssetInfo }) {
  return asset.token === 'native' || asset.known ? null : <> <span className="muted">(<AddressText address={asset.token} />)</span></>;
}

/** A token of the preview that uses a well-known token's symbol on another contract. */
function LookAlikeTokens({ assets }: { assets: AssetInfo[] }) {
  const fakes = [...new Map(assets.filter((a) => a.imitates).map((a) => [a.token, a])).values()];
  return fakes.map((a) => (
    <Notice key={a.token} tone="danger" label="Look-alike token">
      The {a.imitates!.symbol} here is the contract {a.token}, not the real {a.imitates!.symbol} ({a.imitates!.address}): it only uses its symbol. Fake tokens like this one lure people into swaps and approvals.
    </Notice>
  ));
}

function Change({ change }: { change: AssetChange }) {
  const amount = BigInt(change.amount);
  const size = amount < 0n ? -amount : amount;
  const nft = change.standard === 'erc721' || change.standard === 'erc1155';
  return (
    <li className={amount < 0n ? 'amount-out' : 'amount-in'}>
      {nft ? <>{size.toString()} × {change.symbol} #{change.tokenId}</> : <Amount units={size} decimals={change.decimals} symbol={change.symbol} />}
      <Contract asset={change} />
    </li>
  );
}

function Allowance({ allowance }: { allowance: AllowanceChange }) {
  const what = allowance.allTokens ? `all your ${allowance.symbol}`
    : allowance.unlimited ? `UNLIMITED ${allowance.symbol}`
    : allowance.tokenId !== undefined ? `${allowance.symbol} #${allowance.tokenId}`
    : <Amount units={allowance.amount ?? '0'} decimals={allowance.decimals} symbol={allowance.symbol} />;
  return <li>{allowance.revoked ? <>Revokes <AddressText address={allowance.spender} /> on {allowance.symbol}</> : <><AddressText address={allowance.spender} /> may spend {what}</>}<Contract asset={allowance} /></li>;
}

function Fee({ fee }: { fee: FeePayer }) {
  return (
    <p aria-label="Fee" className="muted">
      {'sponsor' in fee ? <>Fee paid by {fee.sponsor}</> : 'line' in fee ? fee.line : <>Fee up to <Amount units={fee.maxFee} symbol={fee.symbol} />{fee.tier ? ` (${fee.tier})` : ''}</>}
    </p>
  );
}

export function PreviewPanel({ state, fee }: { state: PreviewState; fee: FeePayer }) {
  if (state.loading) return <Skeleton label="Preview" lines={3} />;
  if ('error' in state) return <section aria-label="Preview" className="card"><Notice tone="info">No preview: {state.error}</Notice><Fee fee={fee} /></section>;
  const { preview } = state;
  if (preview.kind === 'unaffordable') {
    return (
      <section aria-label="Preview" className="card">
        <Notice tone="danger" label="Balance too low">This sends more than the account has: its balance is <Amount units={preview.balance} symbol={'symbol' in fee ? fee.symbol : 'ETH'} />.</Notice>
        <Fee fee={fee} />
      </section>
    );
  }
  const revert = preview.revert && (
    <Notice tone="danger" label="Revert">Call {preview.revert.call + 1} would fail: {preview.revert.reason}</Notice>
  );
  if (preview.kind === 'unavailable') return <section aria-label="Preview" className="card"><Notice tone="info">{preview.reason}</Notice>{revert}<Fee fee={fee} /></section>;
  const sends = preview.changes.filter((c) => BigInt(c.amount) < 0n);
  const receives = preview.changes.filter((c) => BigInt(c.amount) > 0n);
  // The fee comes on top of what leaves the account; a sponsor pays its own.
  const native = BigInt(preview.changes.find((c) => c.token === 'native')?.amount ?? '0');
  const needed = (native < 0n ? -native : 0n) + ('maxFee' in fee ? BigInt(fee.maxFee) : 0n);
  return (
    <section aria-label="Preview" className="card">
      {revert}
      <LookAlikeTokens assets={[...preview.changes, ...preview.allowances]} />
      {sends.length > 0 && <><h2>You send</h2><ul className="changes" aria-label="You send">{sends.map((c, i) => <Change key={i} change={c} />)}</ul></>}
      {receives.length > 0 && <><h2>You receive</h2><ul className="changes" aria-label="You receive">{receives.map((c, i) => <Change key={i} change={c} />)}</ul></>}
      {preview.allowances.length > 0 && <><h2>You allow</h2><ul className="changes" aria-label="You allow">{preview.allowances.map((a, i) => <Allowance key={i} allowance={a} />)}</ul></>}
      {sends.length + receives.length + preview.allowances.length === 0 && !preview.revert && <p>No balance changes.</p>}
      {preview.unmatched && <Notice tone="info" label="Simulation limits">{preview.unmatched}</Notice>}
      <Fee fee={fee} />
      {needed > BigInt(preview.balance) && (
        <Notice tone="danger" label="Balance too low">Your balance (<Amount units={preview.balance} symbol={'symbol' in fee ? fee.symbol : 'ETH'} />) does not cover this and its fee.</Notice>
      )}
    </section>
  );
}
