import { Transaction, Wallet, hexlify, keccak256, toUtf8Bytes } from 'ethers';
import { describe, expect, it } from 'vitest';
import type { Hex } from '../../shared/params';
import { messageText } from '../../shared/schemas/signing';
import { checkingWords } from '../../shared/dangers.fixture';
import { messageDangers } from './personalSign';

const kept = checkingWords();
const dangersOf = (message: string) => kept(messageDangers(message as Hex, messageText(message as Hex)));

describe('personal_sign dangers', () => {
  it('text has none', () => {
    expect(dangersOf(hexlify(toUtf8Bytes('Hello, world')))).toEqual([]);
  });

  it('a 32-byte hash asks for a second yes', () => {
    expect(dangersOf(keccak256('0x1234'))).toEqual([expect.objectContaining({ kind: 'hashMessage', tone: 'danger', confirm: true })]);
  });

  it('a serialized transaction (EIP-1559, unsigned) is named with its recipient and value', () => {
    const to = Wallet.createRandom().address;
    const tx = Transaction.from({ type: 2, chainId: 1, nonce: 4, to, value: 10n ** 18n, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n, gasLimit: 21000n });
    const [danger] = dangersOf(tx.unsignedSerialized);
    expect(danger).toMatchObject({ kind: 'transactionMessage', confirm: true });
    expect(danger.message).toContain(`to ${to}, 1.0 ETH, nonce 4`);
    // A number the screen writes as its language does: "2.125" as written reads as two thousand in Portuguese.
    expect(danger.words?.values?.value).toEqual({ decimal: '1.0' });
  });

  it('a serialized transaction that creates a contract says so', () => {
    const tx = Transaction.from({ type: 2, chainId: 1, nonce: 0, value: 0n, data: '0x6000', maxFeePerGas: 1n, maxPriorityFeePerGas: 1n, gasLimit: 60000n });
    expect(dangersOf(tx.unsignedSerialized)[0].message).toContain('(to a new contract, 0.0 ETH, nonce 0)');
  });

  it('other bytes are said to be unreadable', () => {
    expect(dangersOf('0xdeadbeef00')).toEqual([expect.objectContaining({ kind: 'hexMessage', tone: 'warn' })]);
  });
});
