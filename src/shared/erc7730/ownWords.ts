/**
 * Words (src/shared/words.ts) for the phrases of the wallet's own descriptor files (public/erc7730/): intents,
 * interpolated intents, labels and enum words, keyed in ownIntents.ts and ownLabels.ts, so the screen says them in the
 * browser's language. The registry's files and the user's have none (ERC-7730 has no languages): the screen shows their
 * text as written. The engine (render.ts) reads this in the worker's later script only.
 */
import type { Words, WordsValue } from '../words';
import { OWN_INTENTS } from './ownIntents';
import { OWN_ENUM_WORDS, OWN_LABELS } from './ownLabels';

type KeyOf<T> = T[keyof T];
export type DescriptorKey = KeyOf<typeof OWN_INTENTS> | KeyOf<typeof OWN_LABELS> | KeyOf<typeof OWN_ENUM_WORDS> | 'descriptors_numbered' | 'descriptors_sign';

const KEYS: Readonly<Record<string, DescriptorKey>> = { ...OWN_INTENTS, ...OWN_LABELS, ...OWN_ENUM_WORDS };

/** One of the wallet's own files: neither the registry's nor the user's. */
export const isOwnDescriptor = (descriptor: { registry?: true; userFile?: true }): boolean => !descriptor.registry && !descriptor.userFile;

/** The words of a phrase as one of the wallet's files writes it (an intent, a label, an enum's word); undefined for other text. */
export const ownPhraseWords = (phrase: string): Words<DescriptorKey> | undefined => (Object.hasOwn(KEYS, phrase) ? { key: KEYS[phrase] } : undefined);

/** A placeholder's name in the catalogues: its path's last part ("permitSingle.details.amount" is "amount", "@.value" is "value"). */
export const placeholderName = (path: string): string => /\w+$/.exec(path)?.[0] ?? path;

/** The catalogues' English of an interpolated intent: each `{path}` named by placeholderName. */
export const catalogueTemplate = (template: string): string => template.replace(/\{([^{}]*)\}/g, (_, path: string) => `{${placeholderName(path.trim())}}`);

/** A field's label, numbered as the engine numbers a field that reached several values ("Amount 2"). */
export function ownLabelWords(label: string, number?: number): Words<DescriptorKey> | undefined {
  const words = ownPhraseWords(label);
  if (!words || number === undefined) return words;
  return { key: 'descriptors_numbered', values: { label: words, number: String(number) } };
}

/** An interpolated intent's words: its key, and each placeholder's words as the field shows them. */
export function ownInterpolatedWords(template: string, values: Record<string, WordsValue>): Words<DescriptorKey> | undefined {
  const words = ownPhraseWords(template);
  return words && { ...words, values: Object.fromEntries(Object.entries(values).map(([path, value]) => [placeholderName(path.trim()), value])) };
}
