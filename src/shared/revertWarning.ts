/**
 * Why a gas estimate failed, as the review's "Gas estimate" notice says it: the worker writes the English
 * (batches/executors/gas.ts) and the screens read its words from it here, beside the code that writes it, so the two
 * cannot drift and the worker's first script carries no words. A node's message is quoted as the server's (shared/errors.ts).
 */
import { cleanText } from './displayText';
import { quotedError } from './errors';
import type { Words } from './words';

/** The most of a node's message the warning quotes. */
const MAX_REASON_CHARS = 300;

/** "The batch is likely to revert: …", "A call to 0x… is likely to revert: …", "The contract creation is likely to revert: …". */
export const revertWarning = (to: string | undefined, batch: boolean, error: unknown): string =>
  `${batch ? 'The batch' : to ? `A call to ${to}` : 'The contract creation'} is likely to revert: ${cleanText(quotedError(error), MAX_REASON_CHARS)}`;

export type RevertWarningKey = 'review_batchWouldRevert' | 'review_callWouldRevert' | 'review_creationWouldRevert' | 'errors_serverAnswered';

const FRAME = /^(?:(?<batch>The batch)|A call to (?<to>0x[0-9a-fA-F]{40})|The contract creation) is likely to revert: (?<reason>.*)$/s;
const SERVER = "The network's server answered: ";

/**
 * The words of a warning `revertWarning` wrote, or undefined for any other text. What follows the frame is said as
 * written, cleaned and bounded again (a record stored before the worker cleaned it), a server's inside its sentence.
 */
export function revertWarningWords(warning: string): Words<RevertWarningKey> | undefined {
  const groups = FRAME.exec(warning)?.groups;
  if (!groups) return undefined;
  const said = cleanText(groups.reason, MAX_REASON_CHARS + SERVER.length);
  const reason = said.startsWith(SERVER) ? { key: 'errors_serverAnswered', values: { said: said.slice(SERVER.length) } } : said;
  if (groups.batch) return { key: 'review_batchWouldRevert', values: { reason } };
  return groups.to ? { key: 'review_callWouldRevert', values: { to: groups.to, reason } } : { key: 'review_creationWouldRevert', values: { reason } };
}
