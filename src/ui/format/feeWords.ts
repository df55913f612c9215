/**
 * What the fee-in-USDC code in the worker says (src/shared/fees.ts: a fee line, why a source cannot pay) in the
 * browser's language: its words, or its English where the screen was stored before it had words.
 */
import type { FeeWords } from '../../shared/fees';
import type { MessageKey } from '../i18n/keys';
import { say } from '../i18n/say';

export const sayFee = (words: FeeWords): string => say({ ...words, key: words.key satisfies MessageKey });

export const feeText = (english: string, words: FeeWords | undefined): string => (words ? sayFee(words) : english);
