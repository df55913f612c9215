/**
 * The dangers of a typed message or a call, from what the descriptor made of it (amounts, spenders, dates, by their
 * `$id`) and what the chain says of its addresses. Pure: the reads are done before (bound.ts).
 */
import type { Danger } from '../../shared/dangers';
import type { RenderFacts } from '../../shared/erc7730/types';
import type { Hex } from '../../shared/params';
import { counted } from '../../shared/dangerPhrases';
import { englishList } from '../../shared/words';
import { imitatedToken } from '../protection/knownTokens';

/** What the chain says of an address: no code (a key or nothing), a key delegating by EIP-7702, or a contract. */
export interface AddressFacts {
  code: 'none' | 'delegated' | 'contract';
  /** Had no code a week ago (undefined when the node could not say). */
  recent?: boolean;
}

export interface DangerInput {
  facts: RenderFacts;
  /** By lowercase address. */
  addresses: Map<string, AddressFacts>;
  /** Seconds since 1970. */
  now: bigint;
  chainId: Hex;
  /** A typed message's domain contract (a call has none: it is the contract called). */
  verifyingContract?: Hex;
}

const YEAR = 365n * 86_400n;
/** Permit2 stores expirations as uint48: its maximum (and anything above) never comes. */
const NEVER = (1n << 48n) - 1n;

function allowanceDangers({ facts, chainId, verifyingContract }: DangerInput): Danger[] {
  const dangers: Danger[] = [];
  for (const amount of facts.amounts) {
    if (amount.native) continue;
    if (amount.unlimited) {
      dangers.push({ kind: 'unlimited', tone: 'danger', confirm: true, words: { key: 'dangers_unlimited', values: { label: amount.labelWords ?? amount.label } }, message: `${amount.label}: unlimited. The spender could take ALL of this token you hold, now and later, until you revoke it.` });
    } else if (amount.id === 'allowance' && amount.meta?.balance !== undefined && amount.amount > amount.meta.balance) {
      dangers.push({ kind: 'overBalance', tone: 'warn', words: { key: 'dangers_overBalance', values: { label: amount.labelWords ?? amount.label, symbol: amount.meta.symbol } }, message: `${amount.label} is more than your balance of ${amount.meta.symbol}: it also covers tokens you receive later.` });
    }
    if (!amount.token) continue;
    if (!amount.meta && !amount.unread && verifyingContract && amount.token.toLowerCase() === verifyingContract.toLowerCase()) {
      dangers.push({ kind: 'verifyingNotToken', tone: 'danger', confirm: true, words: { key: 'dangers_verifyingNotToken', values: { contract: verifyingContract } }, message: `The message is signed for ${verifyingContract} as the token, but that contract does not answer like a token on this network.` });
    }
    const imitates = amount.meta && imitatedToken(chainId, { symbol: amount.meta.symbol, address: amount.token });
    if (imitates && amount.meta) {
      const values = { token: amount.token, symbol: amount.meta.symbol, original: imitates.symbol, address: imitates.address };
      dangers.push({ kind: 'tokenImitates', tone: 'danger', confirm: true, words: { key: 'dangers_tokenImitates', values }, message: `${amount.token} calls itself ${amount.meta.symbol}, but the real ${imitates.symbol} is ${imitates.address}.` });
    }
  }
  return dangers;
}

function spenderDangers({ facts, addresses }: DangerInput): Danger[] {
  const dangers: Danger[] = [];
  // An allowance set to nothing (a revoke) is safe whoever the spender is.
  const allowances = facts.amounts.filter((a) => a.id === 'allowance');
  const grantsNothing = allowances.length > 0 && allowances.every((a) => a.amount === 0n);
  for (const { id, label, labelWords, address, types } of facts.addresses) {
    if (id !== 'spender' && !types?.includes('contract')) continue;
    if (id === 'spender' && grantsNothing) continue;
    const known = addresses.get(address.toLowerCase());
    if (known?.code === 'none' || known?.code === 'delegated') {
      dangers.push({
        kind: 'spenderNotContract',
        tone: 'danger',
        confirm: true,
        words: { key: known.code === 'none' ? 'dangers_spenderNoCode' : 'dangers_spenderDelegated', values: { label: labelWords ?? label, address } },
        message: `${label} ${address} is not a contract: it is ${known.code === 'none' ? 'an account with a key, or nothing at all' : 'an account with a key (delegating to a contract)'}. Whoever holds that key could move what this allows at any time.`,
      });
    } else if (known?.recent) {
      dangers.push({ kind: 'spenderNew', tone: 'warn', words: { key: 'dangers_spenderNew', values: { label: labelWords ?? label, address } }, message: `${label} ${address} is a contract created in the last 7 days.` });
    }
  }
  return dangers;
}

function deadlineDangers({ facts, now }: DangerInput): Danger[] {
  return facts.dates.flatMap(({ label, labelWords, seconds }): Danger[] => {
    if (seconds >= NEVER) return [{ kind: 'noDeadline', tone: 'warn', words: { key: 'dangers_noDeadline', values: { label: labelWords ?? label } }, message: `${label}: never. This signature stays usable forever.` }];
    const years = counted((seconds - now) / YEAR, 'year');
    if (seconds > now + YEAR) return [{ kind: 'farDeadline', tone: 'warn', words: { key: 'dangers_farDeadline', values: { label: labelWords ?? label, years: years.words } }, message: `${label} is ${years.text} away: the signature stays usable that long.` }];
    return [];
  });
}

/** A value the descriptor's `visible.mustMatch` does not allow: its words were written for another call or message. */
const mismatchDangers = ({ facts }: DangerInput): Danger[] =>
  facts.mismatches.map(({ label, labelWords, text, allowed }) => ({
    kind: 'notAsDescribed', tone: 'danger', confirm: true,
    words: { key: 'dangers_notAsDescribed', values: { label: labelWords ?? label, text, allowed: { list: allowed, join: 'or' } } },
    message: `${label} is ${text}, but its description expects ${englishList(allowed, 'or')}: the words above were written for another use of this function, and may not say what it does.`,
  }));

export function dangersOf(input: DangerInput): Danger[] {
  const dangers = [...mismatchDangers(input), ...allowanceDangers(input), ...spenderDangers(input), ...deadlineDangers(input)];
  const contract = input.verifyingContract;
  const verifying = contract && input.addresses.get(contract.toLowerCase());
  if (verifying && verifying.code !== 'contract' && !dangers.some((d) => d.kind === 'verifyingNotToken')) {
    dangers.push({ kind: 'verifyingNoCode', tone: 'warn', words: { key: 'dangers_verifyingNoCode', values: { contract } }, message: `The contract this message is for (${contract}) has no code on this network.` });
  }
  return dangers;
}
