import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DecodedCall } from '../../../shared/decodedCall';
import type { GrantMention } from '../../../shared/grants';
import { speak } from '../../testing/speak';
import { batchLine, callSummary, grantedLine, revokedLine } from './summary';

/** What a line reads as; its addresses and amounts are elements with their whole value in a title. */
const text = (node: ReactNode) => renderToStaticMarkup(<>{node}</>).replace(/<[^>]+>/g, '').replaceAll('&#x27;', "'").replaceAll('&amp;', '&');

const TO = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

describe('callSummary', () => {
  it('says what moved where', () => {
    expect(text(callSummary({ to: TO, value: '250000000000000000', dataSize: 0 }, 'ETH'))).toBe('Sent 0.25 ETH to 0x7099…79C8');
    expect(text(callSummary({ value: '0', dataSize: 100 }, 'ETH'))).toBe('Contract creation');
  });

  it('names token transfers and approvals by the counterparty', () => {
    const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
    const transfer = { to: token, value: '0', dataSize: 68, selector: '0xa9059cbb', action: { kind: 'transfer', standard: 'erc20', token, to: TO, amount: '5' } } as const;
    expect(text(callSummary(transfer, 'ETH'))).toBe('Token transfer to 0x7099…79C8 (token 0x5FbD…0aa3)');
    const approval = { to: token, value: '0', dataSize: 68, action: { kind: 'approve', standard: 'erc20', token, spender: TO, amount: '1', unlimited: false } } as const;
    expect(text(callSummary(approval, 'ETH'))).toBe('Token approval for 0x7099…79C8 (token 0x5FbD…0aa3)');
  });

  it('keeps the whole address and the exact amount in their titles', () => {
    const markup = renderToStaticMarkup(<>{callSummary({ to: TO, value: '250000000000000000', dataSize: 0 }, 'ETH')}</>);
    expect(markup).toContain('title="0x70997970C51812dc3A010C7d01b50e0d17dc79C8"');
    expect(markup).toContain('title="0.25 ETH"');
  });

  it('shows a contract call with its value', () => {
    expect(text(callSummary({ to: TO, value: '1000000000000000000', dataSize: 4, selector: '0x12345678' }, 'ETH'))).toBe('Call 0x7099…79C8 with 1 ETH');
  });

  it('a call a descriptor bound reads as its approval screen did: the intent, then each row (long values cut), then the calls it makes', () => {
    const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
    const clear = (intent: string, fields: { label: string; text: string; address?: `0x${string}` }[]) => ({ intent, source: 'test.json', fields: fields.map((f) => ({ path: f.label, ...f })), uncovered: [] });
    const approve = clear('Permit2: allow spending of a token', [{ label: 'Spender', text: '', address: TO }, { label: 'Amount', text: 'Unlimited USDC' }]);
    const reviewed: DecodedCall = { to: token, value: '0', dataSize: 132, review: { clear: approve, dangers: [] } };
    expect(text(callSummary(reviewed, 'ETH'))).toBe('Permit2: allow spending of a token (Spender 0x7099…79C8, Amount Unlimited USDC)');
    const batch = clear('Your account makes several calls', [{ label: 'Call data 1', text: `0x${'ab'.repeat(68)}` }]);
    const outer: DecodedCall = { to: TO, value: '0', dataSize: 300, review: { clear: batch, dangers: [], inner: [{ label: 'Call data 1', clear: approve }] } };
    expect(text(callSummary(outer, 'ETH'))).toBe('Your account makes several calls (Call data 1 0xabababababababababab…); Call data 1: Permit2: allow spending of a token (Spender 0x7099…79C8, Amount Unlimited USDC)');
  });
});

describe('batchLine', () => {
  it('says a site’s batch was approved, how many calls and on which site', () => {
    expect(batchLine(2, 'app.uniswap.org')).toBe('Approved batch: 2 calls on app.uniswap.org');
  });
});

describe('grant lines', () => {
  afterEach(() => vi.restoreAllMocks());
  const grant: GrantMention = {
    origin: 'https://app.example', to: TO, rules: [], token: { symbol: 'USDC', decimals: 6 },
    permission: { type: 'erc20-token-periodic', isAdjustmentAllowed: false, data: { tokenAddress: TO, periodAmount: '0x989680', periodDuration: 86_400, startTime: 1, justification: '' } },
  };

  it('says to whom, what and for which site a permission was granted, in the grant screen’s words', () => {
    expect(text(grantedLine(grant))).toBe('Permission granted to 0x7099…79C8: up to 10 USDC per day on https://app.example');
  });

  it('says what a revoke revoked', () => {
    expect(text(revokedLine(grant, 'revoked'))).toBe('Permission revoked: up to 10 USDC per day to 0x7099…79C8 on https://app.example');
  });

  it('names a long site whole: cut, its end (the domain that owns it) would be lost and its start could pass for another site', () => {
    const origin = `https://app.uniswap.org.${'a'.repeat(60)}.evil.example`;
    expect(text(grantedLine({ ...grant, origin }))).toBe(`Permission granted to 0x7099…79C8: up to 10 USDC per day on ${origin}`);
    expect(text(revokedLine({ ...grant, origin }, 'revoked'))).toContain(`on ${origin}`);
  });

  it('says it in the browser\'s language, in the grant screen\'s words there too', () => {
    speak('es');
    expect(text(grantedLine(grant))).toBe('Permiso concedido a 0x7099…79C8: hasta 10 USDC por día en https://app.example');
  });
});
