/**
 * The transactions a planned batch will sign, unsigned, as their bytes: what an OP-stack chain's L1 data fee is
 * priced on (fees/l1DataFee.ts). The nonce and the authorization's signature are not known yet: the largest values
 * they can take stand in, so the size is never under the signed one's.
 */
import { Signature, Transaction, ZeroAddress, verifyAuthorization, type TransactionLike } from 'ethers';
import type { DeviceAuthorization } from '../../shared/deviceSigning';
import type { Hex } from '../../shared/params';
import type { Fees } from '../fees/tiers';
import { signedData } from './encoding';
import { atomicTransaction, calldata } from './executors/atomic';
import { sequentialTransactions } from './executors/sequential';
import type { BatchRecord } from './types';

const WORD = `0x${'ff'.repeat(32)}`;
/** An EIP-7702 authorization as long as a signed one can be. */
const AUTHORIZATION = { address: ZeroAddress, nonce: 2n ** 64n - 2n, chainId: 2n ** 256n - 1n, signature: Signature.from({ r: WORD, s: `0x7f${'ff'.repeat(31)}`, yParity: 1 }) };

const bytes = (tx: TransactionLike): Hex => Transaction.from({ type: 2, nonce: Number.MAX_SAFE_INTEGER, ...tx }).unsignedSerialized as Hex;

/** What the transactions' bytes depend on. */
type PlannedShape = Pick<BatchRecord, 'chainId' | 'from' | 'calls' | 'gasLimits' | 'atomic' | 'upgrade'> & Partial<Pick<BatchRecord, 'kind' | 'sponsor' | 'dataSuffix' | 'executor'>>;

/** None for a userOp's batch: a sponsor pays its fees, or the account in USDC. */
export async function unsignedTransactions(batch: PlannedShape, fees: Fees): Promise<Hex[]> {
  const common = { chainId: BigInt(batch.chainId), maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas };
  if (batch.sponsor || batch.executor === 'usdc') return [];
  if (batch.atomic) {
    const upgrade = batch.upgrade ? { type: 4, authorizationList: [AUTHORIZATION] } : {};
    return [bytes({ ...common, ...upgrade, to: batch.from, data: await calldata(batch), gasLimit: BigInt(batch.gasLimits[0]) })];
  }
  if (batch.kind === 'revokeDelegation' || batch.kind === 'revokeDelegationOf') {
    return [bytes({ ...common, type: 4, authorizationList: [AUTHORIZATION], to: batch.from, data: '0x', gasLimit: BigInt(batch.gasLimits[0]) })];
  }
  return batch.calls.map((call, i) => bytes({ ...common, to: call.to ?? null, value: BigInt(call.value), data: signedData(call), gasLimit: BigInt(batch.gasLimits[i]) }));
}

/**
 * A replacement of the signed `raw` (same nonce and calls, or a cancel, which is shorter) at `fees`, unsigned: what its
 * L1 data fee is priced on. Raised fees can take more bytes than the original's, so the original's own bytes are not.
 */
export function repricedUnsigned(raw: Hex, fees: Fees): Hex {
  const tx = Transaction.from(raw);
  tx.maxFeePerGas = fees.maxFeePerGas;
  tx.maxPriorityFeePerGas = fees.maxPriorityFeePerGas;
  return tx.unsignedSerialized as Hex;
}

/** A transaction's fields as their unsigned bytes: what a Ledger is asked to sign (a replacement: batches/replace.ts). */
export const unsignedOf = (tx: TransactionLike): Hex => Transaction.from(tx).unsignedSerialized as Hex;

/**
 * A sequential batch's transactions, one per call at consecutive nonces from `nonce`, as the account will sign them:
 * what a Ledger is asked to sign (the key path signs the same fields, executors/sequential.ts).
 */
export const unsignedAt = (batch: Pick<BatchRecord, 'chainId' | 'calls' | 'gasLimits'>, nonce: number, fees: Fees): Hex[] =>
  sequentialTransactions(batch, nonce, fees).map(unsignedOf);

/**
 * An atomic batch's transaction to the account itself as it will be signed (executors/atomic.ts), at its final nonce
 * and fees: a type 2, or for an upgrade a type 4 whose authorization list is still empty (the device signs the
 * authorization first).
 */
export async function unsignedAtomicAt(batch: Pick<BatchRecord, 'chainId' | 'from' | 'calls' | 'gasLimits' | 'upgrade' | 'dataSuffix' | 'delegate'>, nonce: number, fees: Fees): Promise<Hex> {
  const tx = await atomicTransaction(batch, nonce, fees);
  return unsignedOf({ ...tx, ...(batch.upgrade ? { authorizationList: [] } : {}) });
}

/**
 * Who signed `signed`, when it is exactly the transaction `unsigned` plus a signature (no field changed, added or
 * dropped); null otherwise.
 */
export function signerOf(unsigned: Hex, signed: Hex): Hex | null {
  try {
    const tx = Transaction.from(signed);
    if (!tx.from || !tx.signature) return null;
    const bare = tx.clone();
    bare.signature = null;
    return bare.unsignedSerialized === unsigned.toLowerCase() ? (tx.from as Hex) : null;
  } catch {
    return null;
  }
}

/**
 * Who signed an upgrade the device answered: the authority of its one authorization, when that is exactly the tuple
 * asked for (null otherwise), and the transaction's signer, when it is exactly `unsigned` with that authorization.
 */
export function upgradeSigners(unsigned: Hex, asked: DeviceAuthorization, signed: Hex): { authority: Hex | null; signer: Hex | null } {
  try {
    const list = Transaction.from(signed).authorizationList ?? [];
    const [auth] = list;
    const same = list.length === 1 && auth.address.toLowerCase() === asked.address.toLowerCase() && auth.chainId === BigInt(asked.chainId) && auth.nonce === BigInt(asked.nonce);
    if (!same) return { authority: null, signer: null };
    const expected = Transaction.from(unsigned);
    expected.authorizationList = [auth];
    return { authority: verifyAuthorization(auth, auth.signature) as Hex, signer: signerOf(expected.unsignedSerialized as Hex, signed) };
  } catch {
    return { authority: null, signer: null };
  }
}
