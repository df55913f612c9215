import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, RpcError } from '../../shared/errors';
import { speak } from '../testing/speak';
import { errorText } from './errorText';

afterEach(() => vi.restoreAllMocks());

describe('errorText', () => {
  it('says the worker\'s password refusals in the browser\'s language, and any other error as the worker wrote it', () => {
    vi.spyOn(Date, 'now').mockReturnValue(1_000);
    expect(errorText(new RpcError(ErrorCode.unauthorized, 'Incorrect password'))).toBe('Incorrect password');
    expect(errorText(new RpcError(ErrorCode.limitExceeded, 'Too many wrong passwords: try again in 4 s', { retryAt: 4_500 }))).toBe('Too many wrong passwords: try again in 4 s');
    speak('es');
    expect(errorText(new RpcError(ErrorCode.unauthorized, 'Incorrect password'))).toBe('Contraseña incorrecta');
    expect(errorText(new RpcError(ErrorCode.unauthorized, 'Unlock the wallet first'))).toBe('Primero desbloquea la billetera');
    expect(errorText(new RpcError(ErrorCode.limitExceeded, 'Too many wrong passwords: try again in 4 s', { retryAt: 4_500 }))).toBe('Demasiadas contraseñas incorrectas: vuelve a intentarlo en 4 s');
    expect(errorText(new RpcError(ErrorCode.unauthorized, 'Requested account and/or method not authorized by the user'))).toBe('Requested account and/or method not authorized by the user');
    expect(errorText(new Error('node unreachable'))).toBe('node unreachable');
  });
});
