/**
 * The EIP-7702 probe's throwaway authorization (probes.ts): a fresh random key's signature delegating it, on any chain
 * at nonce 0, to code the probe puts in place. Signing needs the curve, which the worker loads only when it first
 * signs or probes (its later script, loadLater.ts).
 */
import { SigningKey, computeAddress, hashAuthorization, randomBytes } from 'ethers';
import type { Hex } from '../../shared/params';

export interface ProbeAuthorization {
  /** The throwaway key's address. */
  address: Hex;
  authorization: { address: Hex; chainId: '0x0'; nonce: '0x0'; yParity: Hex; r: Hex; s: Hex };
}

// A bare random key signing with the key's own code: no phrase to derive (Wallet.createRandom's PBKDF2), and no
// wallet or transaction code.
export function probeAuthorization(delegate: Hex): ProbeAuthorization {
  const key = new SigningKey(randomBytes(32));
  const signature = key.sign(hashAuthorization({ address: delegate, nonce: 0, chainId: 0 }));
  return {
    address: computeAddress(key) as Hex,
    authorization: { address: delegate, chainId: '0x0', nonce: '0x0', yParity: `0x${signature.yParity.toString(16)}`, r: signature.r as Hex, s: signature.s as Hex },
  };
}
