/**
 * paymasterData of our VerifyingPaymaster: validUntil (6 bytes) ‖ validAfter (6 bytes) ‖ signature (65 bytes), the
 * signature being the service signer's EIP-191 signature of VerifyingPaymaster.getHash (see userOp.ts paymasterHash).
 */
import { concat, getBytes, toBeHex, zeroPadValue, type Wallet } from 'ethers';

export interface ValidityWindow {
  /** Last second (chain time) the signature is valid at. */
  validUntil: number;
  /** The signature is valid only in blocks with a timestamp greater than this. */
  validAfter: number;
}

export function encodePaymasterData({ validUntil, validAfter }: ValidityWindow, signature: string): string {
  return concat([zeroPadValue(toBeHex(validUntil), 6), zeroPadValue(toBeHex(validAfter), 6), signature]);
}

export async function signPaymasterHash(signer: Wallet, hash: string): Promise<string> {
  return signer.signMessage(getBytes(hash));
}
