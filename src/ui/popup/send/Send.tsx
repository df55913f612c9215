/**
 * Send the network's coin or a watched token: recipient (checksum checked; a contract, or the token itself, warned
 * about), amount with Max (leaving the fee). Review happens in the approval window, the same screen as a dapp's
 * eth_sendTransaction, where the user picks the fee tier; so Max leaves room for the dearest tier. Where the chain's USDC
 * paymaster can take the fee in USDC (issue 45) the form says so when ETH does not cover it, offers the choice when
 * both work, and says why when neither does; a fee in USDC is reviewed as the wallet's own wallet_sendCalls.
 */
import { useState, type FormEvent } from 'react';
import type { FeeSource } from '../../../shared/fees';
import type { WalletState } from '../../../shared/walletState';
import { call } from '../../api/background';
import { ScreenHeader } from '../../components/ScreenHeader';
import { exactText, readableAmount } from '../../format/amounts';
import { errorText } from '../../format/errorText';
import { sayFee } from '../../format/feeWords';
import { decimalMark } from '../../format/numbers';
import { revertWarningText } from '../../format/revertWarningText';
import { t } from '../../i18n/t';
import { useRoute } from '../../stores/route';
import { maxSendable, parseAmount } from './amount';
import { feePayment } from './feePayment';
import { checkRecipient } from './recipient';
import { transferCall, type Asset } from './transfer';
import { useBalances } from './useBalances';
import { useQuote } from './useQuote';

export function Send({ state }: { state: WalletState }) {
  const { go, showTab, sendToken } = useRoute();
  const account = state.selectedAccount ?? state.accounts[0].address;
  const network = state.networks.find((n) => n.chainId === state.selectedChainId)!;
  const { coin, tokens } = useBalances(account, network.chainId);
  const [assetKey, setAssetKey] = useState<string>(sendToken ?? 'coin');
  const [to, setTo] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [picked, setPicked] = useState<FeeSource>('eth');

  const token = tokens.find((listed) => listed.address === assetKey);
  const asset: Asset = token ? { token: token.address, symbol: token.symbol, decimals: token.decimals } : network.nativeCurrency;
  const balance = token ? (token.balance === null ? null : BigInt(token.balance)) : coin;
  const recipient = to.trim() === '' ? null : checkRecipient(to);
  const parsed = amount.trim() === '' ? null : parseAmount(amount, asset.decimals);
  const units = parsed?.ok ? parsed.units : 0n;
  const transfer = recipient?.ok ? transferCall(asset, recipient.address, units) : null;
  // Gas does not depend on how much of the coin moves: the quote asks with value 0, so Max can use it.
  const { quote, error: quoteError } = useQuote(transfer && recipient?.ok ? { ...transfer, value: '0x0', recipient: recipient.address } : null);
  // The review starts on the market tier; Max leaves what the aggressive one may cost, so any tier fits.
  const capOf = (tier: 'market' | 'aggressive') => (quote ? BigInt(quote.gasLimit) * BigInt(quote.fees[tier].maxFeePerGas) + BigInt(quote.l1Fee ?? '0') : null);
  const [marketFee, topFee] = [capOf('market'), capOf('aggressive')];
  const usdc = quote?.usdc.offered ? quote.usdc : undefined;
  const sendsUsdc = !!token && !!usdc && token.address.toLowerCase() === usdc.token.toLowerCase();
  const payment = quote && coin !== null && marketFee !== null
    ? feePayment({ coin, sent: token ? 0n : units, fee: marketFee, symbol: network.nativeCurrency.symbol }, quote.usdc, sendsUsdc ? units : 0n)
    : null;
  const source = payment ? (payment.choices.includes(picked) ? picked : payment.choices[0]) : undefined;
  // A fee in USDC is taken from the USDC before the transfer runs: Max leaves its cap.
  const usdcMax = (held: bigint) => (usdc && held > BigInt(usdc.maximum) ? held - BigInt(usdc.maximum) : 0n);
  const max = balance === null ? null : token ? (source === 'usdc' && sendsUsdc ? usdcMax(balance) : balance) : source === 'usdc' ? balance : topFee === null ? null : maxSendable(balance, topFee);
  const tooMuch = parsed?.ok && balance !== null && units > (token ? balance : balance - (source === 'usdc' ? 0n : (marketFee ?? 0n)));
  const ready = transfer && parsed?.ok && quote && !tooMuch && !busy && (payment === null || source !== undefined);

  const feeText = (): string => {
    const symbol = network.nativeCurrency.symbol;
    if (source === 'usdc' && usdc) return payment?.choices.includes('eth') ? t('send_feeInUsdc', { fee: sayFee(usdc.words) }) : t('send_feeInUsdcNotCovered', { fee: sayFee(usdc.words), symbol });
    if (!quote) return t('send_feePending');
    return t('send_feeRange', { low: readableAmount(marketFee!), high: readableAmount(topFee!), symbol });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      await call('send', { ...transfer, gas: quote.gasLimit, ...(source === 'usdc' ? { feeSource: 'usdc' as const } : {}) });
      showTab('activity');
      go('home');
    } catch (e) {
      setError(errorText(e));
      setBusy(false);
    }
  };

  return (
    <main>
      <ScreenHeader title={t('send_title')} />
      <form className="send" aria-label={t('send_title')} onSubmit={submit}>
        <label>
          {t('send_asset')}
          <select aria-label={t('send_asset')} value={assetKey} onChange={(e) => setAssetKey(e.target.value)}>
            <option value="coin">{network.nativeCurrency.symbol}</option>
            {tokens.map((listed) => <option key={listed.address} value={listed.address}>{listed.symbol}</option>)}
          </select>
        </label>
        <p className="muted" aria-label={t('send_available')} title={balance === null ? undefined : exactText(balance, asset.decimals)}>
          {t('send_availableAmount', { amount: balance === null ? '…' : `${readableAmount(balance, asset.decimals)} ${asset.symbol}` })}
        </p>
        <label>
          {t('send_recipient')}
          <input className="mono" value={to} onChange={(e) => setTo(e.target.value)} placeholder="0x…" spellCheck={false} />
        </label>
        <div role="group" aria-label={t('send_recipientChecks')}>
          {recipient && !recipient.ok && <p className="error" role="alert">{recipient.error}</p>}
          {recipient?.ok && token && recipient.address === token.address && (
            <p className="warning" role="alert">{t('send_tokenContractItself', { symbol: token.symbol })}</p>
          )}
          {recipient?.ok && quote?.recipientIsContract && !(token && recipient.address === token.address) && (
            <p className="warning" role="alert">{t('send_recipientIsContract', { symbol: asset.symbol })}</p>
          )}
        </div>
        <div className="amount-row">
          <label>
            {t('send_amount')}
            <input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} placeholder={`0${decimalMark()}0`} />
          </label>
          <button type="button" className="secondary small" disabled={max === null} onClick={() => max !== null && setAmount(exactText(max, asset.decimals))}>
            {t('send_max')}
          </button>
        </div>
        <div role="group" aria-label={t('send_amountChecks')}>
          {parsed && !parsed.ok && <p className="error" role="alert">{parsed.error}</p>}
          {tooMuch && <p className="error" role="alert">{t(token ? 'send_moreThanAvailable' : 'send_moreThanAvailableAfterFee')}</p>}
        </div>
        {payment && payment.choices.length > 1 && (
          <fieldset className="choices" aria-label={t('send_payFeeWith')}>
            <legend>{t('send_payFeeWith')}</legend>
            {payment.choices.map((choice) => (
              <label key={choice}>
                <input type="radio" name="feeSource" value={choice} checked={source === choice} onChange={() => setPicked(choice)} />
                {choice === 'usdc' ? 'USDC' : network.nativeCurrency.symbol}
              </label>
            ))}
          </fieldset>
        )}
        <p className="muted" aria-label={t('send_networkFee')}>
          {feeText()}
        </p>
        {payment && payment.choices.length === 0 && (
          <div role="group" aria-label={t('send_feeChecks')}>
            {payment.reasons.map((reason) => <p key={reason} className="error" role="alert">{reason}</p>)}
          </div>
        )}
        {quote?.warning && <p className="warning" role="alert">{revertWarningText(quote.warning)}</p>}
        {quoteError && <p className="error" role="alert">{quoteError}</p>}
        {error && <p className="error" role="alert">{error}</p>}
        <button type="submit" disabled={!ready}>{t('send_review')}</button>
      </form>
    </main>
  );
}
