import { describe, expect, it } from 'vitest';
import { callSummary } from './summary';

const TO = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8';

describe('callSummary', () => {
  it('says what moved where', () => {
    expect(callSummary({ to: TO, value: '250000000000000000', dataSize: 0 }, 'ETH')).toBe('Send 0.25 ETH to 0x7099…79C8');
    expect(callSummary({ value: '0', dataSize: 100 }, 'ETH')).toBe('Contract creation');
  });

  it('names token transfers and approvals by the counterparty', () => {
    const token = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
    const transfer = { to: token, value: '0', dataSize: 68, selector: '0xa9059cbb', action: { kind: 'transfer', standard: 'erc20', token, to: TO, amount: '5' } } as const;
    expect(callSummary(transfer, 'ETH')).toBe('Token transfer to 0x7099…79C8 (token 0x5FbD…0aa3)');
    const approval = { to: token, value: '0', dataSize: 68, action: { kind: 'approve', standard: 'erc20', token, spender: TO, amount: '1', unlimited: false } } as const;
    expect(callSummary(approval, 'ETH')).toBe('Token approval for 0x7099…79C8 (token 0x5FbD…0aa3)');
  });

  it('shows a contract call with its value', () => {
    expect(callSummary({ to: TO, value: '1000000000000000000', dataSize: 4, selector: '0x12345678' }, 'ETH')).toBe('Call 0x7099…79C8 with 1 ETH');
  });
});
