/**
 * A Seaport order's dangers: what the offerer gives (offer) against what comes back to the offerer (consideration
 * items whose recipient is the offerer). An order giving NFTs for nothing or next to nothing, or paying most of the
 * price to someone else, is how listings are phished. The price is said as the share of the payments the signer gets.
 * Seaport's calls have theirs too: incrementCounter cancels every order at once, and a fulfilment can send what is
 * bought to another address.
 */
import { phrase } from '../../shared/dangerPhrases';
import type { Danger } from '../../shared/dangers';
import type { RenderFacts, TokenMeta } from '../../shared/erc7730/types';
import { amountOf } from '../../shared/erc7730/valueWords';
import type { Hex } from '../../shared/params';
import { formatUnits } from '../../shared/units';
import type { WordsValue } from '../../shared/words';

interface Item {
  itemType: unknown;
  token: unknown;
  startAmount: unknown;
  endAmount: unknown;
  recipient?: unknown;
}

const CURRENCY = new Set(['0', '1']);
/** Below a thousandth of a whole coin or token an order is "almost nothing". */
const ALMOST_NOTHING = 1000n;

const same = (a: unknown, b: unknown) => String(a).toLowerCase() === String(b).toLowerCase();
/** What an item is worth at its cheapest (a Dutch auction moves from start to end). */
const least = (item: Item) => [BigInt(String(item.startAmount)), BigInt(String(item.endAmount))].reduce((a, b) => (a < b ? a : b));

/**
 * "1.5 WETH", or, of a token that did not answer symbol(), "1500 units of 0x…", in words whose amount the screen writes
 * as its language does: "0.001 WETH" as written reads as 1 WETH in Portuguese.
 */
function amountPhrase(amount: string, symbol: string | undefined, token: string): { text: string; words: WordsValue } {
  if (symbol !== undefined) {
    const { text, textWords } = amountOf(amount, symbol);
    return { text, words: textWords };
  }
  return phrase(`${amount} units of ${token}`, 'dangers_units', { amount: { decimal: amount }, token });
}

export function orderDangers(message: Record<string, unknown>, tokens: Map<string, TokenMeta | undefined>, nativeSymbol: string): Danger[] {
  const offerer = message.offerer as Hex;
  const offer = message.offer as Item[];
  const consideration = message.consideration as Item[];
  const givesAssets = offer.some((item) => !CURRENCY.has(String(item.itemType)));
  const toOfferer = consideration.filter((item) => same(item.recipient, offerer));
  const dangers: Danger[] = [];
  if (givesAssets && toOfferer.length === 0) {
    return [{ kind: 'orderForNothing', tone: 'danger', confirm: true, words: { key: 'dangers_orderForNothing' }, message: 'This order gives your assets away and nothing comes back to you: no payment in it goes to your account.' }];
  }
  // Per payment currency: what reaches the offerer, and what everyone is paid.
  const byToken = new Map<string, { mine: bigint; all: bigint; decimals?: number; symbol?: string; token: string }>();
  for (const item of consideration.filter((i) => CURRENCY.has(String(i.itemType)))) {
    const key = String(item.token).toLowerCase();
    const meta = String(item.itemType) === '0' ? { symbol: nativeSymbol, decimals: 18 } : tokens.get(key);
    const entry = byToken.get(key) ?? { mine: 0n, all: 0n, decimals: meta?.decimals, symbol: meta?.symbol, token: String(item.token) };
    entry.all += least(item);
    if (same(item.recipient, offerer)) entry.mine += least(item);
    byToken.set(key, entry);
  }
  for (const { mine, all, decimals, symbol, token } of byToken.values()) {
    const amount = (value: bigint) => amountPhrase(decimals === undefined ? String(value) : formatUnits(value, decimals), symbol, token);
    if (all > 0n && mine * 2n < all) {
      const [others, total] = [amount(all - mine), amount(all)];
      dangers.push({ kind: 'orderPaysOthers', tone: 'danger', confirm: true, words: { key: 'dangers_orderPaysOthers', values: { others: others.words, all: total.words } }, message: `Most of the price (${others.text} of ${total.text}) goes to other addresses than yours.` });
    } else if (all > 0n) {
      const [mineAmount, total, percent] = [amount(mine), amount(all), String(Number((mine * 1000n) / all) / 10)];
      dangers.push({ kind: 'orderPrice', tone: 'info', words: { key: 'dangers_orderPrice', values: { mine: mineAmount.words, percent: { decimal: percent }, all: total.words } }, message: `You receive ${mineAmount.text}: ${percent}% of the ${total.text} the buyer pays; the rest goes to fees.` });
    }
    if (givesAssets && decimals !== undefined && mine * ALMOST_NOTHING < 10n ** BigInt(decimals)) {
      const { text, words } = amount(mine);
      dangers.push({ kind: 'orderForNothing', tone: 'danger', confirm: true, words: { key: 'dangers_orderForAlmostNothing', values: { mine: words } }, message: `This order gives your assets away for almost nothing: you receive only ${text}.` });
    }
  }
  return dangers;
}

/** Seaport's calls that buy or match: what they give goes to `recipient` when one is named, else to whoever calls. */
const BUYS = /^seaport-(fulfil|match)/;

/**
 * A Seaport call's dangers, by its format's `$id` and the `itemsRecipient` its fields name (shown only when not 0).
 * `caller` makes the call (the user's account, or a contract such as Multicall3 calling for it): with no recipient
 * named the items go to the caller, and a contract's are anyone's to take out.
 */
export function seaportCallDangers(formatId: string | undefined, facts: RenderFacts, caller: Hex, account: Hex): Danger[] {
  const dangers: Danger[] = [];
  if (formatId === 'seaport-cancel-all') {
    dangers.push({ kind: 'cancelsAllOrders', tone: 'warn', words: { key: 'dangers_cancelsAllOrders' }, message: 'This cancels every listing and offer you signed on Seaport, on every marketplace using it: each has to be signed again to be back.' });
  }
  if (!formatId || !BUYS.test(formatId)) return dangers;
  const named = facts.addresses.filter(({ id }) => id === 'itemsRecipient').map(({ address }) => address);
  for (const address of named.length > 0 ? named : [caller]) {
    if (same(address, account)) continue;
    dangers.push({ kind: 'itemsToOther', tone: 'danger', confirm: true, words: { key: 'dangers_itemsToOther', values: { address } }, message: `What this order gives you goes to ${address}, not to your account.` });
  }
  return dangers;
}
