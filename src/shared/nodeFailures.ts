/**
 * A node's failure as the wallet words it (background/networks/rpcClient.ts callNode, from shared/jsonRpc.ts's
 * transport failures by their reason): its sentences, and the parts they say why with. The pages' refusal table
 * (background/pages/refusalFamilies.ts) reads them with its other families; a failed estimate's warning, which quotes
 * such a failure, reads them here (./revertWarning.ts). A node's own message never is one: it comes marked as the
 * server's (shared/errors.ts quotedError) and is said as written.
 */
import type { Words } from './words';

/** What a node failed with: unreachable, limiting requests, or an answer that is no JSON-RPC reply. */
export type NodeFailureKey = 'errors_nodeUnreachable' | 'errors_nodesLimiting' | 'errors_nodesLimitingWait' | 'errors_nodeAnswered';
/** Why it was unreachable (`why`), and what it answered in place of a reply (`answer`): a transport failure's words. */
export type NodeFailurePartKey = 'errors_noConnection' | 'errors_noAnswerWithin' | 'errors_noFullAnswerWithin' | 'errors_httpStatus' | 'errors_httpNoJson' | 'errors_noResult';

/** Each sentence's English, its parts as named groups named as the catalogue's placeholders. */
export const NODE_FAILURES: [RegExp, NodeFailureKey][] = [
  [/^The node of (?<network>.+?) is unreachable \((?<why>.*)\)$/s, 'errors_nodeUnreachable'],
  [/^The nodes of (?<network>.+?) are limiting requests$/s, 'errors_nodesLimiting'],
  [/^The nodes of (?<network>.+?) are limiting requests; try again in (?<seconds>\d+) s$/s, 'errors_nodesLimitingWait'],
  [/^The node of (?<network>.+?) answered (?<answer>.*)$/s, 'errors_nodeAnswered'],
];

/** The parts, each a transport failure's English (`timeout`, `unreachable`; `server-error`, `not-json`, `no-result`), its values digits. */
export const NODE_FAILURE_PARTS: [RegExp, NodeFailurePartKey][] = [
  [/^no connection$/, 'errors_noConnection'],
  [/^no answer within (?<seconds>[\d.]+) s$/, 'errors_noAnswerWithin'],
  [/^no complete answer within (?<seconds>[\d.]+) s$/, 'errors_noFullAnswerWithin'],
  [/^HTTP (?<status>\d+)$/, 'errors_httpStatus'],
  [/^HTTP (?<status>\d+) without JSON$/, 'errors_httpNoJson'],
  [/^a reply without result or error$/, 'errors_noResult'],
];

/** The parts said in words; the rest (the network's name, the numbers) as written. */
const PARTS = ['why', 'answer'];

function wordsBy<K extends string>(families: [RegExp, K][], text: string): Words<K> | undefined {
  for (const [pattern, key] of families) {
    const match = pattern.exec(text);
    if (!match) continue;
    const values = match.groups && Object.entries(match.groups).map(([name, value]) => [name, PARTS.includes(name) ? (wordsBy(NODE_FAILURE_PARTS, value) ?? value) : value]);
    return values ? { key, values: Object.fromEntries(values) } : { key };
  }
  return undefined;
}

/** The words of a node's failure as the wallet wrote it (why, and what it answered, in words too), else undefined. */
export const nodeFailureWords = (text: string): Words<NodeFailureKey> | undefined => wordsBy(NODE_FAILURES, text);
