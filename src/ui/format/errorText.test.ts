import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, RpcError } from '../../shared/errors';
import { speak } from '../testing/speak';
import { errorText, refusalText } from './errorText';

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

  it('says a refusal\'s words in the browser\'s language, what a node or the user wrote kept as written', () => {
    const words = {
      key: 'errors_noChainId',
      values: { field: { key: 'errors_fieldRpcUrl' }, why: { key: 'errors_nodeUnreachable', values: { network: 'Mine', why: { key: 'errors_noConnection' } } } },
    };
    const message = 'RPC URL did not answer eth_chainId: The node of Mine is unreachable (no connection)';
    const refused = new RpcError(ErrorCode.invalidParams, message, { words });
    expect(errorText(refused)).toBe(message);
    speak('es');
    expect(errorText(refused)).toBe('La URL de RPC no respondió a eth_chainId: El nodo de Mine no está disponible (sin conexión)');
    const notToken = { key: 'errors_invalidParams', values: { refusal: { key: 'errors_notTokenAddress', values: { field: { key: 'errors_fieldTokenContract' }, got: '"0x12"' } } } };
    expect(errorText(new RpcError(ErrorCode.invalidParams, 'Invalid params: Token contract must be …', { words: notToken })))
      .toBe('Parámetros no válidos: El contrato del token debe ser una dirección hexadecimal de 42 caracteres (0x + 40 dígitos hexadecimales); se recibió "0x12"');
  });

  it('shows the message when the words that crossed the port are not words', () => {
    speak('es');
    for (const words of [null, 'errors_locked', { key: 7 }, { key: 'errors_locked', values: { a: 1 } }, { key: 'errors_locked', values: { a: { list: ['x'], join: 'nor' } } }]) {
      expect(errorText(new RpcError(ErrorCode.invalidParams, 'The wallet is locked', { words }))).toBe('The wallet is locked');
    }
    expect(errorText(new RpcError(ErrorCode.invalidParams, 'The wallet is locked', { words: { key: 'errors_locked' } }))).toBe('La billetera está bloqueada');
  });

  it('shows text as written without the characters that reorder or hide it, and bounded: a record planted in storage, a message of any length', () => {
    expect(refusalText(undefined, 'The batch \u202Ereverted\u200b')).toBe('The batch reverted');
    expect([...refusalText(undefined, 'x'.repeat(10_000))].length).toBeLessThanOrEqual(2000);
  });
});
