/** A page request's error as the pages show it (./refusalWords.ts pageError), whose code is in the worker's later script. */
import { loadLater } from '../loadLater';

/** The error in words; as it was when the later script cannot load. */
export const pageErrorInWords = (error: unknown): Promise<unknown> => loadLater().then((later) => later.pageError(error), () => error);
