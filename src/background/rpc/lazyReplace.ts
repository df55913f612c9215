/** Speed up and Cancel (../batches/replace.ts), planned, built and sent only when the user asks: in the worker's later script. */
import { loadedOnCall } from '../../shared/lazy';
import { loadLater } from '../loadLater';

export const { planReplacement, replaceTransaction } = loadedOnCall(loadLater, ['planReplacement', 'replaceTransaction'] as const);
