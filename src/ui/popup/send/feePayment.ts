/**
 * Who pays the Send's network fee (issue 45): ETH when the coin left after what is sent covers the most the fee can
 * take at the market tier; USDC through the chain's USDC paymaster when the quote offers it and the account's USDC
 * covers what is sent of it and the quote's cap (the paymaster takes the fee before the transfer runs). Both when both
 * work, ETH first as before; when neither does, why for each, and nothing is sent.
 */
import type { FeeSource } from '../../../shared/fees';
import type { SendUsdcQuote } from '../../../shared/send';
import { exactText } from '../../format/amounts';
import { sayFee } from '../../format/feeWords';
import { writtenDecimal } from '../../format/numbers';
import { t } from '../../i18n/t';

/** The sources that work, the first the default; `reasons` (why neither works) only when there is none. */
export interface FeePayment {
  choices: FeeSource[];
  reasons: string[];
}

/**
 * `eth`: the coin balance, what the send moves of it and the fee's most at the market tier; `usdcSent`: what it moves of the chain's USDC.
 * A USDC reason without words is the one failure the worker's first script answers (background/pages/send.ts): the
 * later script, which words every other reason, did not load. The screen says its own sentence for it rather than
 * that error's English (a file's name), so the first script spends no bytes on words.
 */
export function feePayment(eth: { coin: bigint; sent: bigint; fee: bigint; symbol: string }, usdc: SendUsdcQuote, usdcSent: bigint): FeePayment {
  const ethWorks = eth.coin >= eth.sent + eth.fee;
  const usdcWorks = usdc.offered && BigInt(usdc.balance) >= usdcSent + BigInt(usdc.maximum);
  const choices: FeeSource[] = [...(ethWorks ? ['eth' as const] : []), ...(usdcWorks ? ['usdc' as const] : [])];
  if (choices.length > 0) return { choices, reasons: [] };
  return {
    choices: [],
    reasons: [
      t('send_notEnoughCoinForFee', { symbol: eth.symbol, amount: exactText(eth.fee) }),
      usdc.offered ? t('send_notEnoughUsdcForFee', { amount: writtenDecimal(usdc.atMost) }) : usdc.words ? sayFee(usdc.words) : t('send_usdcQuoteNotLoaded'),
    ],
  };
}
