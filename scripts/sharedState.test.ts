/**
 * No lock, queue, in-flight map or listener is two in the built worker: each module two of its scripts carry keeps its
 * own module-level state, so every such state is listed here with why two copies do no harm (sharedState.ts). State the
 * scripts must share lives on the global scope under a `Symbol.for` key (batches/nonceLock.ts, browser/classicScript.ts).
 * The unit tests run one module graph and cannot see this: the worker's four bundles are built here (unminified).
 */
import { describe, expect, it } from 'vitest';
import { type DuplicatedState, duplicatedState } from './sharedState';

/** Module → the state each copy keeps (exactly as found) and why that is harmless. */
const HARMLESS: Record<string, { state: string[]; why: string }> = {
  'src/shared/erc4337.ts': { state: ['domainSeparators: new Map'], why: 'a pure cache: a hash of (chain, EntryPoint), the same in each copy' },
  'src/shared/jsonRpc.ts': {
    state: ['class JsonRpcTransportError: instanceof', 'let nextId'],
    why: 'an id in each HTTP request\'s own body (a reply is matched by its request); the error is asked of in the script whose jsonRpc threw it',
  },
  'src/background/batches/executors/transactions.ts': { state: ['class NonceTaken: instanceof'], why: 'private: thrown and caught within the one copy' },
  'src/background/storage/sealKeyStore.ts': {
    state: ['let connection'],
    why: 'a connection to the key store per copy: IndexedDB orders the transactions of every connection to one database alike (saveFirst\'s read-write one too)',
  },
  'src/background/fees/l1DataFee.ts': { state: ['detected: new Map'], why: 'a pure cache: whether a chain has the oracle\'s code; a second copy asks the node once more' },
  'node_modules/@noble/hashes/esm/hmac.js': { state: ['runs at load: hmac.create', 'hmac: changed'], why: 'the function\'s own property, set once at load' },
  'node_modules/@noble/hashes/esm/sha256.js': { state: ['SHA256_W: changed'], why: 'a scratch buffer used within one synchronous block hash' },
  'node_modules/ethers/lib.esm/crypto/keccak.js': {
    state: ['let locked', 'let __keccak256', 'runs at load: keccak256._', 'runs at load: keccak256.lock', 'runs at load: keccak256.register', 'runs at load: Object.freeze'],
    why: 'changed only by keccak256.register and .lock, which the wallet never calls',
  },
  'node_modules/ethers/lib.esm/address/address.js': { state: ['ibanLookup: changed'], why: 'a constant table filled at load' },
  'node_modules/ethers/lib.esm/abi/coders/abstract-coder.js': { state: ['resultNames: new WeakMap'], why: 'a Result\'s names, read only by its own class\'s methods, i.e. the copy that made it' },
  'node_modules/ethers/lib.esm/abi/abi-coder.js': {
    state: ['PanicReasons: new Map', 'runs at load: PanicReasons.set', 'let defaultCoder', 'let defaultMaxInflation'],
    why: 'a constant table filled at load, a memo of the default coder, and a limit only setDefaultMaxInflation changes (never called)',
  },
};

const asFound = (found: DuplicatedState[]) => Object.fromEntries(found.map(({ module, state }) => [module, state]));

describe('the worker\'s scripts', () => {
  it('keep a copy each of no module-level state but pure caches and constants: a lock, queue or listener shared by two scripts lives on the global scope', async () => {
    const found = await duplicatedState();
    expect(asFound(found)).toEqual(Object.fromEntries(Object.entries(HARMLESS).map(([module, { state }]) => [module, state])));
  }, 60_000);
});
