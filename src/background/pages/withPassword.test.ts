import { describe, expect, it, vi } from 'vitest';
import { ErrorCode, INCORRECT_PASSWORD } from '../../shared/errors';
import { withPassword } from './accounts';

describe('withPassword', () => {
  it('says a wrong password, and too many, thrown by the other script’s copy of the vault: removeAccount runs in the later script, the vault in background.js, each with its own copy of the error classes', async () => {
    vi.resetModules();
    const [{ WrongPasswordError }, { ThrottledError }] = await Promise.all([import('../vault/crypto'), import('../vault/vault')]);
    await expect(withPassword(() => Promise.reject(new WrongPasswordError()))).rejects.toMatchObject({ code: ErrorCode.unauthorized, message: INCORRECT_PASSWORD });
    await expect(withPassword(() => Promise.reject(new ThrottledError(61_000, 1_000)))).rejects.toMatchObject({ code: ErrorCode.limitExceeded, data: { retryAt: 61_000 } });
  });
});
