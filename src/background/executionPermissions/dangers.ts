/**
 * What a grant could cost the user, named on its screen before Grant: the riskiest (no end, no cap, a stream of
 * ETH, a token that imitates another, a period under an hour, a node wrong of a known token's decimals) ask for a
 * second yes, as a reverting batch does.
 */
import type { Danger } from '../../shared/dangers';
import { cleanText } from '../../shared/displayText';
import type { PermissionRequest } from '../../shared/schemas/executionPermissions';
import type { ImitatedToken } from '../../shared/tokens';
import { counted } from '../../shared/dangerPhrases';
import type { TokenFacts } from '../../shared/grantWords';
import { isUnlimited } from '../../shared/units';
import { units } from '../../shared/erc7730/formatParams';
import { amountOf } from '../../shared/erc7730/valueWords';

const YEAR_SECONDS = 365 * 86_400;
const DAY_SECONDS = 86_400;
/** A period shorter than this hides how much it adds up to: "10 USDC every 1 second" is 864,000 USDC a day. */
const SHORTEST_PERIOD = 3600;

export interface GrantFacts {
  /** Seconds since the epoch. */
  now: number;
  token: TokenFacts;
  /** What the account holds of the token now, in its units. */
  balance: bigint;
  imitates?: ImitatedToken;
  /** The node's decimals for a well-known token, where they are not the wallet's (`token` has the wallet's). */
  claimedDecimals?: number;
}

/** The most the grant lets the session account take at once: a period's amount, the allowance, or a stream's start. */
function firstAmount({ permission }: Pick<PermissionRequest, 'permission'>): bigint {
  const { data } = permission;
  if ('periodAmount' in data) return BigInt(data.periodAmount);
  if ('allowanceAmount' in data) return BigInt(data.allowanceAmount);
  return BigInt(data.initialAmount);
}

/**
 * What a stream lets be taken in its first day, when that is more than the account holds: "0 USDC at once, then
 * 1,000 USDC more every second" starts below any balance and is 86,400,000 USDC a day later. A day, as the short
 * period's danger counts: what a session may take before the user looks again, where a longer horizon would warn of
 * every slow stream that merely outlasts today's balance. Capped by the cap, and by the expiry when that comes first.
 */
function streamOverBalance({ data }: PermissionRequest['permission'], expiry: number | undefined, token: TokenFacts, balance: bigint): Danger | undefined {
  if (!('amountPerSecond' in data)) return undefined;
  const end = Math.min(data.startTime + DAY_SECONDS, expiry ?? Infinity);
  const accrued = BigInt(data.initialAmount) + BigInt(data.amountPerSecond) * BigInt(Math.max(0, end - data.startTime));
  const firstDay = accrued < BigInt(data.maxAmount) ? accrued : BigInt(data.maxAmount);
  if (firstDay <= balance) return undefined;
  const amount = amountOf(units(firstDay, token.decimals), token.symbol);
  const held = amountOf(units(balance, token.decimals), token.symbol);
  return {
    kind: 'overBalance', tone: 'warn',
    words: { key: 'dangers_grantStreamOverBalance', values: { amount: amount.textWords, balance: held.textWords } },
    message: `In its first day it may take ${amount.text}, more than the account holds now (${held.text}).`,
  };
}

/** A period under an hour, with what its amount adds up to in a day (the periods that begin within one). */
function shortPeriod({ data }: PermissionRequest['permission'], token: TokenFacts): Danger | undefined {
  if (!('periodDuration' in data) || data.periodDuration >= SHORTEST_PERIOD) return undefined;
  const { periodDuration: seconds } = data;
  const period = seconds % 60 === 0 ? counted(seconds / 60, 'minute') : counted(seconds, 'second');
  const each = amountOf(units(BigInt(data.periodAmount), token.decimals), token.symbol);
  const perDay = amountOf(units(BigInt(data.periodAmount) * BigInt(Math.ceil(DAY_SECONDS / seconds)), token.decimals), token.symbol);
  return {
    kind: 'shortPeriod', tone: 'danger', confirm: true,
    words: { key: 'dangers_grantShortPeriod', values: { period: period.words, amount: each.textWords, perDay: perDay.textWords } },
    message: `A new period every ${period.text}: ${each.text} each time adds up to ${perDay.text} a day.`,
  };
}

export function grantDangers(request: Pick<PermissionRequest, 'permission' | 'rules' | 'to'>, { now, token: read, balance, imitates, claimedDecimals }: GrantFacts): Danger[] {
  const dangers: Danger[] = [];
  // The contract's (or a site-added network's) own text, cleaned as the screen's rows clean it.
  const token = { ...read, symbol: cleanText(read.symbol) };
  const { permission, rules, to } = request;
  const [expiry] = rules.flatMap((rule) => (rule.type === 'expiry' ? [rule.data.timestamp] : []));
  if (claimedDecimals !== undefined) {
    const values = { symbol: token.symbol, claimed: String(claimedDecimals), known: String(token.decimals) };
    dangers.push({ kind: 'decimalsDisagree', tone: 'danger', confirm: true, words: { key: 'dangers_grantDecimals', values }, message: `The network's node says ${token.symbol} counts ${claimedDecimals} decimals; this wallet knows it counts ${token.decimals}, and shows the amounts so.` });
  }
  if (imitates) dangers.push({ kind: 'tokenImitates', tone: 'danger', confirm: true, words: { key: 'dangers_grantImitates', values: { symbol: imitates.symbol, address: imitates.address } }, message: `This token calls itself ${imitates.symbol} but is not the ${imitates.symbol} this wallet knows on this network (${imitates.address}).` });
  if (expiry === undefined) dangers.push({ kind: 'noDeadline', tone: 'danger', confirm: true, words: { key: 'dangers_grantNoEnd', values: { to } }, message: `No end date: ${to} may spend within these limits until you revoke the permission.` });
  else if (expiry - now > YEAR_SECONDS) dangers.push({ kind: 'farDeadline', tone: 'warn', words: { key: 'dangers_grantFarEnd' }, message: 'The permission ends more than a year from now.' });
  if (permission.type === 'native-token-stream') {
    dangers.push({ kind: 'nativeStream', tone: 'danger', confirm: true, words: { key: 'dangers_grantNativeStream', values: { symbol: token.symbol, to } }, message: `A stream of ${token.symbol}: what ${to} may take grows every second, for as long as the permission lasts.` });
  }
  if ('maxAmount' in permission.data && isUnlimited(BigInt(permission.data.maxAmount))) {
    dangers.push({ kind: 'unlimited', tone: 'danger', confirm: true, words: { key: 'dangers_grantStreamNoCap' }, message: 'The stream has no cap: in all, it may take everything the account ever holds of this token.' });
  } else if (isUnlimited(firstAmount(request))) {
    dangers.push({ kind: 'unlimited', tone: 'danger', confirm: true, words: { key: 'dangers_grantNoLimit' }, message: 'The amount is too large to be a limit: it may take everything the account ever holds of this token.' });
  }
  const short = shortPeriod(permission, token);
  if (short) dangers.push(short);
  if (firstAmount(request) > balance) {
    // A number the screen writes as its language does: English's "1,250 USDC" as written reads as 1,25 in Portuguese.
    const held = amountOf(units(balance, token.decimals), token.symbol);
    dangers.push({ kind: 'overBalance', tone: 'warn', words: { key: 'dangers_grantOverBalance', values: { balance: held.textWords } }, message: `More than the account holds now (${held.text}).` });
  } else {
    const stream = streamOverBalance(permission, expiry, token, balance);
    if (stream) dangers.push(stream);
  }
  return dangers;
}
