/**
 * The vault format: the recovery phrase encrypted with AES-GCM under a key derived from the
 * password by PBKDF2-SHA256 (600,000 iterations, OWASP's 2023 figure). WebCrypto does the work
 * natively, so unlocking takes a fraction of a second. The version field lets the format change
 * later without losing old vaults.
 */
import { getBytes, hexlify, toUtf8Bytes, toUtf8String } from 'ethers';

export const PBKDF2_ITERATIONS = 600_000;

export interface VaultSecret {
  mnemonic: string;
  /** Private keys imported as separate accounts (hex), in the order their accounts name them. */
  importedKeys?: string[];
}

export interface VaultFile {
  version: 1;
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  ciphertext: string;
}

export class WrongPasswordError extends Error {
  constructor() {
    super('Incorrect password');
  }
}

/** WebCrypto wants bytes backed by a plain ArrayBuffer. */
const bytes = (value: Uint8Array | string): Uint8Array<ArrayBuffer> => Uint8Array.from(typeof value === 'string' ? getBytes(value) : value);

async function deriveKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', bytes(toUtf8Bytes(password)), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

export async function encryptVault(secret: VaultSecret, password: string, iterations = PBKDF2_ITERATIONS): Promise<VaultFile> {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(password, salt, iterations);
  const plaintext = bytes(toUtf8Bytes(JSON.stringify(secret)));
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext));
  return {
    version: 1,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: hexlify(salt) },
    cipher: { name: 'AES-GCM', iv: hexlify(iv) },
    ciphertext: hexlify(ciphertext),
  };
}

export async function decryptVault(file: VaultFile, password: string): Promise<VaultSecret> {
  if (file.version !== 1) throw new Error(`Unsupported vault version ${String(file.version)}`);
  const key = await deriveKey(password, bytes(file.kdf.salt), file.kdf.iterations);
  let plaintext: ArrayBuffer;
  try {
    plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes(file.cipher.iv) }, key, bytes(file.ciphertext));
  } catch {
    // AES-GCM authentication fails exactly when the key, hence the password, is wrong.
    throw new WrongPasswordError();
  }
  return JSON.parse(toUtf8String(new Uint8Array(plaintext))) as VaultSecret;
}
