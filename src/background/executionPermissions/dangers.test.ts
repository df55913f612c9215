import { describe, expect, it } from 'vitest';
import { parseExecutionPermissionRequests } from '../../shared/schemas/executionPermissions';
import { checkingWords } from '../../shared/dangers.fixture';
import { hasInvisible } from '../../shared/displayText';
import { grantDangers, type GrantFacts } from './dangers';

const NOW = 1_800_000_000;
const SESSION = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x10078beE6813c04572224b652228177C0f7BF2CF';
const USDC = { symbol: 'USDC', decimals: 6 };

const kept = checkingWords();
const kinds = (type: string, data: Record<string, unknown>, rules: unknown[], balance = 10n ** 12n, imitates?: { symbol: string; address: `0x${string}` }) => {
  const [request] = parseExecutionPermissionRequests([{ chainId: '0x1', to: SESSION, rules, permission: { type, isAdjustmentAllowed: true, data } }], NOW);
  return kept(grantDangers(request, { now: NOW, token: USDC, balance, ...(imitates ? { imitates } : {}) })).map((d) => `${d.kind}${d.confirm ? '!' : ''}`);
};
const dangersOf = (type: string, data: Record<string, unknown>, facts: Partial<GrantFacts> = {}) => {
  const [request] = parseExecutionPermissionRequests([{ chainId: '0x1', to: SESSION, rules: inAWeek, permission: { type, isAdjustmentAllowed: true, data } }], NOW);
  return kept(grantDangers(request, { now: NOW, token: USDC, balance: 10n ** 12n, ...facts }));
};
const hex = (value: bigint) => `0x${value.toString(16)}`;
const periodic = { tokenAddress: TOKEN, periodAmount: '0x989680', periodDuration: 86_400 };
const inAWeek = [{ type: 'expiry', data: { timestamp: NOW + 7 * 86_400 } }];

describe('grant dangers', () => {
  it('names nothing for a small periodic grant that ends within the year', () => {
    expect(kinds('erc20-token-periodic', periodic, inAWeek)).toEqual([]);
  });

  it('asks a second yes for a grant with no end, and warns of one that ends past a year', () => {
    expect(kinds('erc20-token-periodic', periodic, [])).toEqual(['noDeadline!']);
    expect(kinds('erc20-token-periodic', periodic, [{ type: 'expiry', data: { timestamp: NOW + 400 * 86_400 } }])).toEqual(['farDeadline']);
  });

  it('asks a second yes for a stream of ETH and for a stream with no cap', () => {
    expect(kinds('native-token-stream', { amountPerSecond: '0x1', maxAmount: '0x100' }, inAWeek)).toEqual(['nativeStream!']);
    expect(kinds('erc20-token-stream', { tokenAddress: TOKEN, amountPerSecond: '0x1' }, inAWeek)).toEqual(['unlimited!']);
  });

  it('warns when a period’s amount is above what the account holds, and names a token that imitates a known one', () => {
    expect(kinds('erc20-token-periodic', periodic, inAWeek, 9_999_999n)).toEqual(['overBalance']);
    expect(kinds('erc20-token-periodic', periodic, inAWeek, 10n ** 12n, { symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' })).toEqual(['tokenImitates!']);
  });

  // "1,250 USDC" as written reads as 1,25 in Portuguese: the balance goes to the screen as a number its language writes.
  it('gives the balance above which a grant asks more as a number the screen writes in its language, never English\'s "1,250"', () => {
    const [request] = parseExecutionPermissionRequests([{ chainId: '0x1', to: SESSION, rules: inAWeek, permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: true, data: { ...periodic, periodAmount: '0xe8d4a51000' } } }], NOW);
    const [over] = kept(grantDangers(request, { now: NOW, token: USDC, balance: 1_250_500_000n }));
    expect(over.words?.values?.balance).toEqual({ key: 'clearValues_amount', values: { amount: { decimal: '1250.5' }, symbol: 'USDC' } });
  });

  // Words spell 2^256 - 1 out as a 60-digit amount: no limit, as the stream's missing cap, and asked the same.
  it('asks a second yes for a period or an allowance of the largest amount, which has no limit', () => {
    const all = `0x${'f'.repeat(64)}`;
    expect(kinds('erc20-token-periodic', { ...periodic, periodAmount: all }, inAWeek)).toEqual(['unlimited!', 'overBalance']);
    expect(kinds('native-token-allowance', { allowanceAmount: all }, inAWeek)).toEqual(['unlimited!', 'overBalance']);
  });

  // The symbol is the token contract's (or a site-added network's) own text: the screen's rows clean it, and so must its warnings.
  it('names the symbol in its warnings without the characters that reorder or hide text, in the words and in the message', () => {
    const [request] = parseExecutionPermissionRequests([{ chainId: '0x1', to: SESSION, rules: inAWeek, permission: { type: 'native-token-stream', isAdjustmentAllowed: false, data: { amountPerSecond: '0x1', initialAmount: '0x64', maxAmount: '0x100' } } }], NOW);
    const dangers = kept(grantDangers(request, { now: NOW, token: { symbol: 'ETH\u202e\u200b DSU', decimals: 0 }, balance: 1n }));
    expect(dangers.map((d) => d.kind)).toEqual(['nativeStream', 'overBalance']);
    for (const danger of dangers) {
      expect(hasInvisible(JSON.stringify(danger.words)), danger.kind).toBe(false);
      expect(hasInvisible(danger.message), danger.kind).toBe(false);
    }
  });

  // A site asking 2^256 - 2, or 2^255, is asking as much as 2^256 - 1: no balance comes near either.
  it('asks a second yes for an amount too large to be a limit, not only the largest there is, and for a stream with such a cap', () => {
    for (const amount of [2n ** 256n - 2n, 2n ** 255n]) {
      expect(kinds('erc20-token-periodic', { ...periodic, periodAmount: hex(amount) }, inAWeek), hex(amount)).toEqual(['unlimited!', 'overBalance']);
      expect(kinds('native-token-allowance', { allowanceAmount: hex(amount) }, inAWeek), hex(amount)).toEqual(['unlimited!', 'overBalance']);
      expect(kinds('erc20-token-stream', { tokenAddress: TOKEN, amountPerSecond: '0x1', maxAmount: hex(amount) }, inAWeek), hex(amount)).toEqual(['unlimited!']);
    }
    expect(kinds('native-token-allowance', { allowanceAmount: hex(2n ** 255n - 1n) }, inAWeek)).toEqual(['overBalance']);
  });

  // "Up to 10 USDC every 1 second" reads small: it is 864,000 USDC a day.
  it('asks a second yes for a period under an hour, saying what it adds up to in a day', () => {
    const [short] = dangersOf('erc20-token-periodic', { ...periodic, periodDuration: 1 });
    expect(short).toMatchObject({ kind: 'shortPeriod', tone: 'danger', confirm: true, message: 'A new period every 1 second: 10 USDC each time adds up to 864000 USDC a day.' });
    expect(dangersOf('native-token-periodic', { periodAmount: '0x989680', periodDuration: 1800 })[0].message).toBe('A new period every 30 minutes: 10 USDC each time adds up to 480 USDC a day.');
    // A period that does not divide the day: the periods that begin within one.
    expect(dangersOf('erc20-token-periodic', { ...periodic, periodDuration: 3599 })[0].message).toBe('A new period every 3599 seconds: 10 USDC each time adds up to 250 USDC a day.');
    expect(dangersOf('erc20-token-periodic', { ...periodic, periodDuration: 3600 })).toEqual([]);
  });

  // "0 USDC at once, then 1,000 USDC more every second" starts below any balance: within a day it is 86,400,000 USDC.
  describe('a stream whose rate takes more than the account holds', () => {
    const rate = (usdc: number) => hex(BigInt(usdc) * 10n ** 6n);
    const stream = (data: Record<string, unknown>, rules: unknown[] = inAWeek, balance = 500n * 10n ** 6n) => {
      const [request] = parseExecutionPermissionRequests([{ chainId: '0x1', to: SESSION, rules, permission: { type: 'erc20-token-stream', isAdjustmentAllowed: true, data: { tokenAddress: TOKEN, ...data } } }], NOW);
      return kept(grantDangers(request, { now: NOW, token: USDC, balance })).filter((d) => d.kind === 'overBalance');
    };

    it('warns of what it may take in its first day, more than the account holds now', () => {
      const [over, ...more] = stream({ amountPerSecond: rate(1000), maxAmount: rate(10 ** 9) });
      expect(more).toEqual([]);
      expect(over).toMatchObject({ kind: 'overBalance', tone: 'warn', message: 'In its first day it may take 86400000 USDC, more than the account holds now (500 USDC).' });
      // Numbers the screen writes as its language does.
      expect(over.words?.values).toEqual({
        amount: { key: 'clearValues_amount', values: { amount: { decimal: '86400000' }, symbol: 'USDC' } },
        balance: { key: 'clearValues_amount', values: { amount: { decimal: '500' }, symbol: 'USDC' } },
      });
    });

    it('warns the same of a stream with no cap, and of a stream of ETH', () => {
      expect(stream({ amountPerSecond: rate(1000) }).map((d) => d.message)).toEqual(['In its first day it may take 86400000 USDC, more than the account holds now (500 USDC).']);
      const [request] = parseExecutionPermissionRequests([{ chainId: '0x1', to: SESSION, rules: inAWeek, permission: { type: 'native-token-stream', isAdjustmentAllowed: true, data: { amountPerSecond: hex(10n ** 15n) } } }], NOW);
      const dangers = kept(grantDangers(request, { now: NOW, token: { symbol: 'ETH', decimals: 18 }, balance: 10n ** 18n }));
      expect(dangers.map((d) => d.message)).toContain('In its first day it may take 86.4 ETH, more than the account holds now (1 ETH).');
    });

    it('names no more than its cap, nor than it accrues before the grant ends', () => {
      expect(stream({ amountPerSecond: rate(1000), maxAmount: rate(2000) })[0].message).toBe('In its first day it may take 2000 USDC, more than the account holds now (500 USDC).');
      const inAMinute = [{ type: 'expiry', data: { timestamp: NOW + 60 } }];
      expect(stream({ amountPerSecond: rate(1000) }, inAMinute)[0].message).toBe('In its first day it may take 60000 USDC, more than the account holds now (500 USDC).');
      expect(stream({ amountPerSecond: rate(5) }, inAMinute)).toEqual([]);
    });

    // A stream that starts later accrues from its start, not from now.
    it('counts the day from the stream’s start', () => {
      const later = [{ type: 'expiry', data: { timestamp: NOW + 3600 + 30 } }];
      expect(stream({ amountPerSecond: rate(1000), startTime: NOW + 3600 }, later)[0].message).toBe('In its first day it may take 30000 USDC, more than the account holds now (500 USDC).');
    });

    it('says nothing of a stream whose first day stays within the balance', () => {
      expect(stream({ amountPerSecond: hex(5_000n), initialAmount: rate(10) })).toEqual([]);
      expect(stream({ amountPerSecond: rate(1), maxAmount: rate(500) })).toEqual([]);
    });

    it('warns once when its initial amount already is more than the account holds', () => {
      const dangers = stream({ amountPerSecond: rate(1000), initialAmount: rate(600) });
      expect(dangers.map((d) => d.words?.key)).toEqual(['dangers_grantOverBalance']);
    });
  });

  // A node that says USDC has 18 decimals makes 1,000 USDC read as 0.000000001: the screen uses the wallet's table, and says the node disagreed.
  it('names a node whose decimals for a well-known token are not the wallet\'s', () => {
    const [disagrees] = dangersOf('erc20-token-periodic', periodic, { claimedDecimals: 18 });
    expect(disagrees).toMatchObject({ kind: 'decimalsDisagree', tone: 'danger', confirm: true, message: 'The network\'s node says USDC counts 18 decimals; this wallet knows it counts 6, and shows the amounts so.' });
  });
});
