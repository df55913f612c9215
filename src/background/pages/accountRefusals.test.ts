/** The accounts' refusals carry their words, made here by the code that makes them (as refusalWords.test.ts does). */
import { describe, expect, it } from 'vitest';
import type { RpcError } from '../../shared/errors';
import { inEnglish } from '../../shared/words.fixture';
import { createAccounts } from '../accounts/accounts';
import { MAX_PHRASE_ACCOUNTS } from '../accounts/keyAddresses';
import { ACCOUNTS_DEFAULTS } from '../accounts/storedAccounts';
import { memoryBackend, typedStorage } from '../storage/typedStorage';
import { refusalWords } from './refusalWords';

const MNEMONIC = 'test test test test test test test test test test test junk';
const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('the words of an account refusal', () => {
  it('say Add account stops once the phrase gave all its accounts', async () => {
    const local = typedStorage(memoryBackend(), ACCOUNTS_DEFAULTS);
    await local.set('accounts', Array.from({ length: MAX_PHRASE_ACCOUNTS }, (_, index) => ({ address: ACCOUNT_0, index, name: `Account ${index + 1}` })));
    // Refused before any key is derived or any address looked up.
    const accounts = createAccounts(local, { secret: async () => null }, async () => ({}) as never, {} as never);
    const refusal = await accounts.addNext(MNEMONIC).then(() => expect.unreachable('refused'), (error: RpcError) => error);
    const words = refusalWords(refusal.message);
    expect(words && inEnglish(words)).toBe(refusal.message);
  });
});
