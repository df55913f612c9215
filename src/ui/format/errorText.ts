/**
 * An error a page method answered, as the screen says it: the worker's refusals in the browser's language — the
 * password refusals told apart by code and message, the others by the words their `data` carries (shared/errors.ts)
 * — and any other in the worker's own words.
 */
import { cleanText } from '../../shared/displayText';
import { ErrorCode, INCORRECT_PASSWORD, RpcError, UNLOCK_FIRST, type ErrorData } from '../../shared/errors';
import type { ErrorKey } from '../../shared/errorWords';
import { isWords, type Words } from '../../shared/words';
import type { MessageKey } from '../i18n/keys';
import { say } from '../i18n/say';
import { t } from '../i18n/t';

const REFUSALS: Record<string, MessageKey> = { [INCORRECT_PASSWORD]: 'errors_incorrectPassword', [UNLOCK_FIRST]: 'errors_unlockFirst' };

/** When a password refusal says the next attempt may be tried (its `retryAt`); null for any other error. */
export function retryAtOf(error: unknown): number | null {
  const retryAt = error instanceof RpcError ? (error.data as { retryAt?: unknown } | undefined)?.retryAt : undefined;
  return typeof retryAt === 'number' ? retryAt : null;
}

export function errorText(error: unknown): string {
  if (!(error instanceof RpcError)) return error instanceof Error ? error.message : String(error);
  const retryAt = retryAtOf(error);
  if (error.code === ErrorCode.limitExceeded && retryAt !== null) return t('errors_tooManyPasswords', { seconds: Math.max(1, Math.ceil((retryAt - Date.now()) / 1000)) });
  if (error.code === ErrorCode.unauthorized && Object.hasOwn(REFUSALS, error.message)) return t(REFUSALS[error.message]);
  return refusalText((error.data as ErrorData | undefined)?.words, error.message);
}

/** Longer than any refusal the worker writes (background/pages/refusalWords.ts reads none longer). */
const MAX_AS_WRITTEN = 2000;

/**
 * A refusal's words in the screen's language, else its text as written, cleaned and bounded (a record planted in
 * storage brings its own). They crossed a message port: words of another shape are not said.
 */
export const refusalText = (words: Words<ErrorKey> | undefined, asWritten: string): string =>
  isWords(words) ? say({ ...words, key: words.key satisfies MessageKey }) : cleanText(asWritten, MAX_AS_WRITTEN);
