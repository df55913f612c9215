/**
 * The vault format: the recovery phrase encrypted with AES-GCM under a key derived from the
 * password by PBKDF2-SHA256 (600,000 iterations, OWASP's 2023 figure). WebCrypto does the work
 * natively, so unlocking takes a fraction of a second. The version field lets the format change
 * later without losing old vaults. A stored vault is checked field by field before use.
 */
import { getAddress, getBytes, hexlify } from 'ethers';
import type { Hex } from '../../shared/params';
import { markedError } from '../../shared/markedError';
import { utf8Bytes, utf8Text } from '../../shared/utf8';

/** What a new vault uses, and the least a vault keeps once unlocked (older ones are re-encrypted then). */
export const PBKDF2_ITERATIONS = 600_000;
/** A stored vault asking for more is refused: deriving its key would hold the worker for minutes. */
export const MAX_PBKDF2_ITERATIONS = 10_000_000;

export interface VaultSecret {
  mnemonic: string;
  /** Private keys imported as separate accounts (hex), in the order their accounts name them. */
  importedKeys?: string[];
  /** Ledger accounts (no key: the device's address and path), in the order their accounts name them. */
  ledgerAccounts?: LedgerAccountKey[];
}

export interface LedgerAccountKey {
  address: Hex;
  /** Without `m/`, as `44'/60'/0'/0/0`. */
  path: string;
}

export interface VaultFile {
  version: 1;
  kdf: { name: 'PBKDF2'; hash: 'SHA-256'; iterations: number; salt: string };
  cipher: { name: 'AES-GCM'; iv: string };
  ciphertext: string;
}

/** Marked (shared/markedError.ts): the later script, which removes an account, has a copy of this class of its own. */
export class WrongPasswordError extends markedError('WrongPasswordError') {
  constructor() {
    super('Incorrect password');
  }
}

/** The stored vault is not one this wallet can read: a clear error for the user, never a crash. */
export class CorruptVaultError extends Error {
  constructor(why: string) {
    super(`The stored wallet is damaged (${why}): restore it from its recovery phrase`);
  }
}

const isHex = (value: unknown, bytes?: number): value is string =>
  typeof value === 'string' && /^0x([0-9a-f]{2})+$/i.test(value) && (bytes === undefined || value.length === 2 + 2 * bytes);

/** The stored value as a vault file, checked field by field. */
export function parseVaultFile(value: unknown): VaultFile {
  const file = value as Partial<VaultFile> | null;
  if (typeof file !== 'object' || file === null) throw new CorruptVaultError('not an object');
  if (file.version !== 1) throw new CorruptVaultError(`unsupported version ${JSON.stringify(file.version)}`);
  const { kdf, cipher, ciphertext } = file;
  if (kdf?.name !== 'PBKDF2' || kdf.hash !== 'SHA-256' || !isHex(kdf.salt) || kdf.salt.length < 2 + 2 * 16) {
    throw new CorruptVaultError('key derivation must be PBKDF2-SHA256 with a salt of at least 16 bytes');
  }
  if (!Number.isSafeInteger(kdf.iterations) || kdf.iterations < 1 || kdf.iterations > MAX_PBKDF2_ITERATIONS) {
    throw new CorruptVaultError(`${JSON.stringify(kdf.iterations)} PBKDF2 iterations, expected 1 to ${MAX_PBKDF2_ITERATIONS}`);
  }
  if (cipher?.name !== 'AES-GCM' || !isHex(cipher.iv, 12) || !isHex(ciphertext)) throw new CorruptVaultError('the cipher must be AES-GCM with a 12-byte iv');
  return { version: 1, kdf: { ...kdf }, cipher: { ...cipher }, ciphertext };
}

/** Encrypted with fewer iterations than a new vault: re-encrypt it once the password is known. */
export const needsUpgrade = (file: VaultFile): boolean => file.kdf.iterations < PBKDF2_ITERATIONS;

/** WebCrypto wants bytes backed by a plain ArrayBuffer. */
const bytes = (value: Uint8Array | string): Uint8Array<ArrayBuffer> => Uint8Array.from(typeof value === 'string' ? getBytes(value) : value);

async function deriveKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', bytes(utf8Bytes(password)), 'PBKDF2', false, ['deriveKey']);
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
  const plaintext = bytes(utf8Bytes(JSON.stringify(secret)));
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext));
  return {
    version: 1,
    kdf: { name: 'PBKDF2', hash: 'SHA-256', iterations, salt: hexlify(salt) },
    cipher: { name: 'AES-GCM', iv: hexlify(iv) },
    ciphertext: hexlify(ciphertext),
  };
}

/** The Ledger accounts as decrypted: kept only when each is a checksummed address and a path. */
function parseLedgerAccounts(value: unknown): LedgerAccountKey[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const isEntry = (e: unknown): e is LedgerAccountKey => {
    const { address, path } = (e ?? {}) as Partial<LedgerAccountKey>;
    if (typeof address !== 'string' || typeof path !== 'string') return false;
    try {
      return getAddress(address) === address;
    } catch {
      return false;
    }
  };
  return value.every(isEntry) ? value.map(({ address, path }) => ({ address, path })) : undefined;
}

/** Throws WrongPasswordError, or CorruptVaultError when the file or what it decrypts to is not a vault. */
export async function decryptVault(stored: unknown, password: string): Promise<VaultSecret> {
  const file = parseVaultFile(stored);
  const key = await deriveKey(password, bytes(file.kdf.salt), file.kdf.iterations);
  let plaintext: ArrayBuffer;
  try {
    plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes(file.cipher.iv) }, key, bytes(file.ciphertext));
  } catch {
    // AES-GCM authentication fails exactly when the key, hence the password, is wrong.
    throw new WrongPasswordError();
  }
  try {
    const secret = JSON.parse(utf8Text(new Uint8Array(plaintext))) as VaultSecret | null;
    if (typeof secret?.mnemonic === 'string') {
      const keys = secret.importedKeys;
      const importedKeys = Array.isArray(keys) && keys.every((k) => typeof k === 'string') ? keys : undefined;
      const ledgerAccounts = parseLedgerAccounts(secret.ledgerAccounts);
      return { mnemonic: secret.mnemonic, ...(importedKeys ? { importedKeys } : {}), ...(ledgerAccounts ? { ledgerAccounts } : {}) };
    }
  } catch {
    // Shaped below.
  }
  throw new CorruptVaultError('it decrypts to no recovery phrase');
}
