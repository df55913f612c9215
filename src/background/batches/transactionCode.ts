/**
 * ethers' transaction code (RLP, signatures) and the ERC-8021 attribution's parser (its CBOR codec) as the handlers
 * use them: in the worker's later script (laterModules.ts), called through lazyTransactionCode.ts.
 */
import { Transaction, verifyAuthorization } from 'ethers';
import type { ReplaceTransactionDetails } from '../../shared/approvals/transaction';
import { delegateName } from '../../shared/delegates';
import { invalidParams } from '../../shared/errors';
import type { Hex } from '../../shared/params';

export { parseDataSuffix } from '../../shared/schemas/dataSuffix';
export { repricedUnsigned, signerOf, unsignedAt, unsignedAtomicAt, unsignedTransactions, upgradeSigners } from './unsignedTransactions';

/** A transaction the wallet signed and keeps (a batch's pending one). */
export const decodeTransaction = (raw: Hex): Transaction => Transaction.from(raw);

/** A signed transaction a page sent: -32602 when it is not one. */
export function decodeSigned(raw: Hex): Transaction {
  try {
    const tx = Transaction.from(raw);
    if (!tx.from) throw new Error('it carries no signature');
    return tx;
  } catch (error) {
    throw invalidParams(`signed transaction is not a valid signed RLP-encoded transaction: ${(error as Error).message}`);
  }
}

/** The EIP-7702 authorizations a signed transaction carries: who signed each, and for which contract. */
export function signedAuthorizations(raw: Hex): NonNullable<ReplaceTransactionDetails['original']['authorizations']> {
  return (Transaction.from(raw).authorizationList ?? []).map((auth) => {
    const name = delegateName(auth.address);
    return { authority: verifyAuthorization(auth, auth.signature) as Hex, delegate: auth.address as Hex, ...(name ? { delegateName: name } : {}) };
  });
}
