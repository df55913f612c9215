/** A clear-signed field's value and note in the browser's language: their words when the worker wrote them (valueWords.ts), else as written. */
import type { ClearField } from '../../shared/erc7730/types';
import type { MessageKey } from '../i18n/keys';
import { say } from '../i18n/say';

// `satisfies` fails to compile when a ClearValueKey or DescriptorKey is not a catalogue key.
const said = (words: ClearField['textWords'], english: string): string => (words ? say({ ...words, key: words.key satisfies MessageKey }) : english);

export const fieldText = ({ text, textWords }: Pick<ClearField, 'text' | 'textWords'>): string => said(textWords, text);
export const fieldNote = ({ note, noteWords }: Pick<ClearField, 'note' | 'noteWords'>): string | undefined => note && said(noteWords, note);
