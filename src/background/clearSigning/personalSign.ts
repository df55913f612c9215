/**
 * personal_sign of bytes that are not text: a 32-byte hash or a serialized transaction is how a site gets a blind
 * signature that authorizes something else; other bytes are at least said to be unreadable.
 */
import { Transaction, dataLength } from 'ethers';
import type { Danger } from '../../shared/dangers';
import type { Hex } from '../../shared/params';
import { formatEther } from '../../shared/units';

function asTransaction(message: Hex): Transaction | undefined {
  try {
    return Transaction.from(message);
  } catch {
    return undefined;
  }
}

/** The dangers of signing `message` when it is not text (`text` is what messageText made of it, null when not text). */
export function messageDangers(message: Hex, text: string | null): Danger[] {
  if (text !== null) return [];
  const tx = asTransaction(message);
  if (tx) {
    // The value a number the screen writes as its language does: "2.125" as written reads as two thousand in Portuguese.
    const values = { value: { decimal: formatEther(tx.value) }, nonce: String(tx.nonce) };
    return [{
      kind: 'transactionMessage',
      tone: 'danger',
      confirm: true,
      words: tx.to ? { key: 'dangers_transactionMessage', values: { ...values, to: tx.to } } : { key: 'dangers_transactionMessageCreate', values },
      message: `This is an Ethereum transaction (to ${tx.to ?? 'a new contract'}, ${formatEther(tx.value)} ETH, nonce ${tx.nonce}), not a message. A site never needs you to sign a transaction as a message: signing it can let the site send it.`,
    }];
  }
  if (dataLength(message) === 32) {
    return [{
      kind: 'hashMessage',
      tone: 'danger',
      confirm: true,
      words: { key: 'dangers_hashMessage' },
      message: 'This is a 32-byte hash, not a message: you cannot see what it stands for. Signing a hash can authorize a transaction, an order or a permit.',
    }];
  }
  return [{ kind: 'hexMessage', tone: 'warn', words: { key: 'dangers_hexMessage' }, message: 'This is not readable text, so it is shown as hex. Sign it only if you know what these bytes are.' }];
}
