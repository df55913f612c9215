/**
 * The signing wallets of the vault's keys: BIP-32 nodes of the BIP-39 phrase, and imported private keys, on ethers'
 * primitives. Not ethers' HDNodeWallet nor Wallet: those classes carry the encrypted-JSON keystore (aes-js, scrypt),
 * which the wallet never uses (its vault has its own format), into every start of the worker. Tested digest for
 * digest against them (keys.test.ts). The worker has this code in its later script (loadLater.ts): the curve and
 * BIP-39's word list are not needed until an account is made, a new key's address derived, or something signed.
 */
import { BaseWallet, computeAddress, computeHmac, concat, getBytes, Mnemonic, SigningKey, toBeHex, toBigInt, toUtf8Bytes } from 'ethers';
import type { Hex } from '../../shared/params';

/** A BIP-32 node: its private key and chain code. */
export interface KeyNode {
  key: Uint8Array;
  chainCode: Uint8Array;
}

/** secp256k1's group order. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HARDENED = 0x80000000;

const split = (hmac: string): KeyNode => {
  const bytes = getBytes(hmac);
  return { key: bytes.slice(0, 32), chainCode: bytes.slice(32) };
};

/** BIP-32's CKDpriv: child `index` (hardened from 2^31) of `parent`. */
export function childNode(parent: KeyNode, index: number): KeyNode {
  const data = index >= HARDENED ? concat([new Uint8Array(1), parent.key]) : SigningKey.computePublicKey(parent.key, true);
  const { key: tweak, chainCode } = split(computeHmac('sha512', parent.chainCode, concat([data, toBeHex(index, 4)])));
  return { key: getBytes(toBeHex((toBigInt(tweak) + toBigInt(parent.key)) % N, 32)), chainCode };
}

/** The node at `path` ("m/44'/60'/0'/0") of a BIP-39 seed (hex), or of a phrase's seed (no passphrase). */
export function nodeAt(seedOrPhrase: { seed: string } | { phrase: string }, path: string): KeyNode {
  const seed = 'seed' in seedOrPhrase ? seedOrPhrase.seed : Mnemonic.fromPhrase(seedOrPhrase.phrase).computeSeed();
  const [root, ...steps] = path.split('/');
  if (root !== 'm') throw new Error(`A derivation path starts at m, not ${root}`);
  return steps.reduce((node, step) => {
    const index = Number.parseInt(step, 10);
    if (!/^\d+'?$/.test(step) || index >= HARDENED) throw new Error(`${step} is not a step of a derivation path (an index below 2^31, ' for hardened)`);
    return childNode(node, step.endsWith("'") ? index + HARDENED : index);
  }, split(computeHmac('sha512', toUtf8Bytes('Bitcoin seed'), seed)));
}

const privateKeyOf = (key: KeyNode | string): Uint8Array | string => (typeof key !== 'string' ? key.key : key.startsWith('0x') ? key : `0x${key}`);

/** The address of a node's key or of a private key (hex, 0x optional); throws for a key that is not secp256k1's. */
export const addressOf = (key: KeyNode | string): Hex => computeAddress(new SigningKey(privateKeyOf(key))) as Hex;

/** The signing wallet of a node's key or of a private key. */
export const walletOf = (key: KeyNode | string): BaseWallet => new BaseWallet(new SigningKey(privateKeyOf(key)));

export const derivationPath = (index: number): string => `m/44'/60'/0'/0/${index}`;

/** The address of the phrase's account `index`. */
export const phraseAddress = (mnemonic: string, index: number): Hex => addressOf(nodeAt({ phrase: mnemonic }, derivationPath(index)));

/** The signing wallet of the phrase's account `index`. */
export const deriveWallet = (mnemonic: string, index: number): BaseWallet => walletOf(nodeAt({ phrase: mnemonic }, derivationPath(index)));
