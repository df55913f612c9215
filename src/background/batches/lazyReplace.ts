/** Speed up and Cancel (replace.ts), planned, built and sent only when the user asks: in the worker's later script. */
import { loadedOnCall } from '../../shared/lazy';
import { loadLater } from '../loadLater';

export const { planReplacement, replacementRequest, replaceTransaction } = loadedOnCall(loadLater, ['planReplacement', 'replacementRequest', 'replaceTransaction'] as const);
