/**
 * The user's stored descriptor files that clear signing leaves out, with why, for Settings: one the parser took when it
 * was added and refuses now (a rule came after, as decimals from 0 to 36 did). In the worker's later script: it parses
 * each file. The refusal's words are the pages' (refusalWords.ts), of a file's refusals only (descriptorRefusals.ts):
 * a file's own text (a format's key, a path) is a value as written, never a sentence of the wallet's.
 */
import { parseDescriptor } from '../../shared/erc7730/parse';
import type { ErrorKey } from '../../shared/errorWords';
import type { UnusedDescriptor } from '../../shared/unusedDescriptors';
import { readUserFile } from '../clearSigning/descriptors';
import type { UserDescriptorFile } from '../settings/descriptorFiles';
import { FILE_REFUSALS } from './descriptorRefusals';
import { refusalWords } from './refusalWords';

const aFiles = (key: ErrorKey): boolean => FILE_REFUSALS.includes(key);

export function unusedDescriptors(files: UserDescriptorFile[]): UnusedDescriptor[] {
  return files.flatMap((file) => {
    const read = readUserFile(file, parseDescriptor);
    if (!('refusal' in read)) return [];
    const words = refusalWords(read.refusal, aFiles);
    return [{ name: file.name, why: read.refusal, ...(words ? { words } : {}) }];
  });
}
