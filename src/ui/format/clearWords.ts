/**
 * A call's or message's words from its descriptor, in the browser's language where the wallet's own file wrote them
 * (the worker marks those with words: shared/erc7730/ownWords.ts), else as the descriptor wrote them: the registry's
 * and the user's files (ERC-7730 has no languages), and records kept before the words.
 */
import type { InnerCall } from '../../shared/decodedCall';
import type { DescriptorKey } from '../../shared/erc7730/ownWords';
import type { ClearField, ClearSigned } from '../../shared/erc7730/types';
import type { Words } from '../../shared/words';
import type { MessageKey } from '../i18n/keys';
import { say } from '../i18n/say';

const sayOwn = (words: Words<DescriptorKey>): string => say({ ...words, key: words.key satisfies MessageKey });

// The intent's words are the wallet's own files' (DescriptorKey) or a step the wallet did not read (shared/erc7730/uniswapUnread.ts).
export const intentOf = ({ intent, intentWords }: Pick<ClearSigned, 'intent' | 'intentWords'>): string => (intentWords ? say(intentWords) : intent);

export const sentenceOf = ({ interpolatedIntent, interpolatedWords }: Pick<ClearSigned, 'interpolatedIntent' | 'interpolatedWords'>): string | undefined =>
  interpolatedWords ? sayOwn(interpolatedWords) : interpolatedIntent;

export const labelOf = ({ label, labelWords }: Pick<ClearField, 'label' | 'labelWords'>): string => (labelWords ? sayOwn(labelWords) : label);

// A call inside a call: its label's words are the wallet's own files' and a plan's steps (shared/dangerPhrases.ts), joined by the way down.
export const innerLabelOf = ({ label, labelWords }: Pick<InnerCall, 'label' | 'labelWords'>): string => (labelWords ? say(labelWords) : label);
