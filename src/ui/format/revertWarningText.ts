/**
 * A failed gas estimate's warning in the browser's language: its words, read from the worker's English where that is
 * written (shared/revertWarning.ts), else the text cleaned and bounded as any text shown as written.
 */
import { cleanText } from '../../shared/displayText';
import { revertWarningWords } from '../../shared/revertWarning';
import type { MessageKey } from '../i18n/keys';
import { say } from '../i18n/say';

/** Longer than any warning the worker writes. */
const MAX_AS_WRITTEN = 500;

export function revertWarningText(warning: string): string {
  const words = revertWarningWords(warning);
  return words ? say({ ...words, key: words.key satisfies MessageKey }) : cleanText(warning, MAX_AS_WRITTEN);
}
