/**
 * One token on Home: icon, symbol, name, amount and its value where the chain has a feed. Its actions (Send, the
 * contract with copy and explorer link, Hide) sit behind it: a click on the row or its "⋯" button opens them.
 */
import { useState, type MouseEvent } from 'react';
import { cleanText } from '../../shared/displayText';
import type { TokenBalance } from '../../shared/tokens';
import { AddressText } from '../components/AddressText';
import { CopyButton } from '../components/CopyButton';
import { Notice } from '../components/Notice';
import { TokenImage } from '../components/TokenImage';
import { exactText, readableAmount } from '../format/amounts';
import { usdText } from '../format/usd';
import { t } from '../i18n/t';

interface TokenRowProps {
  token: TokenBalance;
  /** In US cents, where the chain has a feed for the token (absent until the prices are read). */
  value: number | null | undefined;
  /** The network's block explorer, for the contract's page there. */
  explorerUrl?: string;
  onSend(): void;
  onHide(): void;
}

function TokenActions({ token, explorerUrl, onSend, onHide }: Omit<TokenRowProps, 'value'>) {
  const symbol = cleanText(token.symbol);
  return (
    <div className="token-actions" role="group" aria-label={t('home_tokenActions', { symbol })}>
      <div className="row token-contract">
        <span className="muted">{t('home_contract')}</span>
        <span aria-label={t('home_contractOf', { symbol })}><AddressText address={token.address} /></span>
        <CopyButton value={token.address} label={t('home_copyTokenAddress', { symbol })} />
        {explorerUrl && <a href={`${explorerUrl}/token/${token.address}`} target="_blank" rel="noreferrer">{t('home_explorer')}</a>}
      </div>
      <div className="row">
        <button type="button" className="secondary small" aria-label={t('home_sendToken', { symbol })} onClick={onSend}>{t('home_send')}</button>
        <button type="button" className="secondary small" aria-label={t('home_hideToken', { symbol })} onClick={onHide}>{t('home_hide')}</button>
      </div>
    </div>
  );
}

export function TokenRow({ token, value, ...actions }: TokenRowProps) {
  const [open, setOpen] = useState(false);
  const symbol = cleanText(token.symbol);
  const name = token.name === undefined ? undefined : cleanText(token.name);
  // The "⋯" button's click reaches here too: one toggle for the row and the button.
  const toggle = (event: MouseEvent) => {
    if (!(event.target as Element).closest('a, .token-actions')) setOpen((was) => !was);
  };
  const amount = token.balance === null ? t('home_unavailable') : `${readableAmount(token.balance, token.decimals)} ${symbol}`;
  return (
    <li className="card token-row" aria-label={t('home_token', { symbol: token.symbol })} onClick={toggle}>
      <div className="token-summary">
        <TokenImage image={token.image} symbol={token.symbol} address={token.address} />
        <div className="token-text">
          <strong className="ellipsis" title={symbol}>{symbol}</strong>
          {name !== undefined && <div className="muted ellipsis" title={name}>{name}</div>}
        </div>
        <div className="token-amount">
          <span className="mono ellipsis" aria-label={t('home_tokenBalance', { symbol: token.symbol })} tabIndex={0}
            title={token.balance === null ? amount : `${exactText(token.balance, token.decimals)} ${symbol}`}>
            {amount}
          </span>
          {value != null && <span className="muted" aria-label={t('home_tokenValue', { symbol: token.symbol })}>≈ {usdText(value)}</span>}
        </div>
        <button type="button" className="icon" aria-label={t('home_actionsFor', { symbol })} title={t('home_actions')} aria-expanded={open}>⋯</button>
      </div>
      {open && <TokenActions token={token} {...actions} />}
      {token.imitates && (
        <Notice tone="danger" label={t('home_lookAlikeWarning', { symbol: token.symbol })}>
          {t('home_notTheReal', { symbol: token.imitates.symbol, address: token.imitates.address })}
        </Notice>
      )}
    </li>
  );
}
