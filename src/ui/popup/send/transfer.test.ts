import { Interface } from 'ethers';
import { describe, expect, it } from 'vitest';
import { transferCall } from './transfer';

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';

describe('transferCall', () => {
  it('sends the coin as value to the recipient', () => {
    expect(transferCall({ symbol: 'ETH', decimals: 18 }, TO, 10n ** 18n)).toEqual({ to: TO, value: '0xde0b6b3a7640000', data: '0x' });
  });

  it('calls the token contract with transfer(recipient, amount) and no value', () => {
    const call = transferCall({ token: TOKEN, symbol: 'TST', decimals: 18 }, TO, 5n);
    expect(call.to).toBe(TOKEN);
    expect(call.value).toBe('0x0');
    const decoded = new Interface(['function transfer(address to, uint256 amount)']).decodeFunctionData('transfer', call.data);
    expect([decoded[0], decoded[1]]).toEqual([TO, 5n]);
  });
});
