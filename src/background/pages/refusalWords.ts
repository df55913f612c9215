/**
 * The words of the worker's refusals that people meet on the screens (shared/errorWords.ts), read from their English
 * in one place rather than at each throw site: the throw sites are in the worker's first script and the params'
 * validators answer dapps too, who get the English message as it is. The pages' pipeline (pipeline.ts) asks this
 * for a page method's error and sends the words in its `data`. The families are refusalFamilies.ts's. Each part of a
 * message a sentence names (a field, a reason) is said again through the table, else kept as written: an address, a
 * URL, what a node or a page said.
 * The unit test checks, for each family, that the words say the message in English as the worker wrote it.
 */
import { cleanText } from '../../shared/displayText';
import { ErrorCode, RpcError, isServerSaid, type ErrorData } from '../../shared/errors';
import type { ErrorKey } from '../../shared/errorWords';
import type { Words, WordsValue } from '../../shared/words';
import { REFUSALS } from './refusalFamilies';


/** The reasons the worker writes where a sentence says why (`why`): a node's own message is quoted there as the server's. */
const REASONS: readonly ErrorKey[] = [
  'errors_noConnection', 'errors_noAnswerWithin', 'errors_noFullAnswerWithin', 'errors_nodeUnreachable', 'errors_nodesLimiting',
  'errors_nodesLimitingWait', 'errors_nodeAnswered', 'errors_serverAnswered', 'errors_noSymbol', 'errors_noDecimals', 'errors_tooManyDecimals', 'errors_noBalance',
];
const FIELDS: readonly ErrorKey[] = ['errors_fieldRpcUrl', 'errors_fieldExplorerUrl', 'errors_fieldBundlerUrl', 'errors_fieldTokenContract'];
/**
 * What a node answered in place of a JSON-RPC reply (`answer`: networks/rpcClient.ts's "The node of … answered …"), by
 * the transport failure's reason, its status a value. The other sentences' `answer` quote a node's result as JSON.
 */
const TRANSPORT: readonly ErrorKey[] = ['errors_httpStatus', 'errors_httpNoJson', 'errors_noResult'];

/** Which nonce a Ledger's userOp found used since it was built (`stale`: ledgerRefusals.ts). */
const STALE: readonly ErrorKey[] = ['errors_staleEntryPointNonce', 'errors_staleAuthorizationNonce'];

/**
 * The families only ever a part of another's sentence, never a refusal of their own: one whose first part ends sooner
 * than a sentence it is the place of (`rank`) would take that sentence for itself.
 */
const ONLY_PARTS: readonly ErrorKey[] = [...FIELDS, ...TRANSPORT, ...STALE, 'errors_descriptorFieldPlace', 'errors_descriptorNothing'];
const whole = (key: ErrorKey): boolean => !ONLY_PARTS.includes(key);

/**
 * The parts said again through this table, and the families each may be: the rest (an address, a URL, a network's
 * name, what a node or a page wrote) are kept as written, so no one outside the wallet picks a sentence of the wallet's.
 */
const PARTS: Record<string, (key: ErrorKey) => boolean> = {
  refusal: (key) => whole(key),
  what: (key) => whole(key),
  field: (key) => FIELDS.includes(key),
  why: (key) => REASONS.includes(key),
  answer: (key) => TRANSPORT.includes(key),
  // A descriptor's refusal: where in the file, and a value the file did not write.
  place: (key) => key === 'errors_descriptorFieldPlace',
  value: (key) => key === 'errors_descriptorNothing',
  stale: (key) => STALE.includes(key),
};

/** Longer than any refusal the worker writes: a longer message is said as written, the patterns never run over it. */
const MAX_REFUSAL_LENGTH = 2000;

/** The families with the places their parts matched (`d`), for `rank`. */
const FAMILIES: [RegExp, ErrorKey][] = REFUSALS.map(([pattern, key]) => [new RegExp(pattern.source, `${pattern.flags}d`), key]);

/**
 * Which of the families that match a message it is: the one whose own words start first, then whose first part ends
 * first. A sentence's first part is the wallet's (a field, a network's name, a host); what a server or a page wrote
 * comes later, so a family read inside that text (its field running over the wallet's words) starts later.
 */
function rank(match: RegExpExecArray): [number, number] {
  const [first] = Object.values(match.indices?.groups ?? {}).flatMap((at) => (at ? [at] : [])).sort(([a], [b]) => a - b);
  return first ? [first[0] === 0 ? first[1] : 0, first[1]] : [0, 0];
}

const before = ([a1, a2]: [number, number], [b1, b2]: [number, number]): boolean => a1 < b1 || (a1 === b1 && a2 < b2);

/** The words of a refusal's English message, or undefined when it is not one of the table's (of those `may` allows). */
export function refusalWords(message: string, may: (key: ErrorKey) => boolean = whole): Words<ErrorKey> | undefined {
  if (message.length > MAX_REFUSAL_LENGTH) return undefined;
  let best: { match: RegExpExecArray; key: ErrorKey; rank: [number, number] } | undefined;
  for (const [pattern, key] of FAMILIES) {
    const match = may(key) ? pattern.exec(message) : null;
    if (match && (!best || before(rank(match), best.rank))) best = { match, key, rank: rank(match) };
  }
  if (!best) return undefined;
  const { match: { groups }, key } = best;
  return groups ? { key, values: Object.fromEntries(Object.entries(groups).map(([name, part]) => [name, partWords(name, part)])) } : { key };
}

/** The parts that are amounts the worker wrote (usdcRefusals.ts, the firewall's revert), said as numbers in the browser's language. */
const DECIMALS = ['maximum', 'needed', 'cost'];

/** As much of a server's message, or of any part kept as written, as a screen shows. */
const MAX_SAID_CHARS = 300;

/**
 * A server's message (a `said` part), or any part kept as written (a node's or a paymaster's answer, a file's name, a
 * URL), as the wallet's sentence says it: cleaned of what reorders or hides text, and bounded, as the screens clean a
 * message they show as written (ui/format/errorText.ts). Uncleaned, an answer's U+202E reversed the sentence after it.
 */
const saidText = (message: string): string => cleanText(message, MAX_SAID_CHARS);

const partWords = (name: string, part: string): WordsValue => {
  if (name === 'said') return saidText(part);
  return DECIMALS.includes(name) ? { decimal: part } : (Object.hasOwn(PARTS, name) && refusalWords(part, PARTS[name])) || saidText(part);
};

/**
 * A page method's error as the pages get it: a domain's plain Error is no "Internal error" there, and a refusal the
 * table knows carries its words in `data`, beside what the data says (shared/errors.ts). Dapps never see a page's error.
 */
const PASSWORD_REFUSALS = new Set<number>([ErrorCode.unauthorized, ErrorCode.limitExceeded]);

export function pageError(error: unknown): RpcError {
  const refused = error instanceof RpcError ? error : new RpcError(ErrorCode.internal, (error as Error).message);
  // A server's answer is its claim: its message is no refusal of the wallet's, and its data is not what the screens
  // read there (the words, a password wait's retryAt), so neither reaches them. Nor its code where the screens tell
  // the wallet's password refusals by it (ui/format/errorText.ts). It is said inside the wallet's own sentence, as written.
  if (isServerSaid(refused)) {
    const said = saidText(refused.message);
    return new RpcError(PASSWORD_REFUSALS.has(refused.code) ? ErrorCode.internal : refused.code, `The network's server answered: ${said}`, { words: serverAnswered(said) } satisfies ErrorData);
  }
  const { data } = refused;
  // Words only the table made: a node's or a bundler's error data is its claim, never a sentence of the wallet's. Data
  // that is no object (a revert's bytes, which a bundler's error carries into the wallet's sentence: batches/executors/
  // usdcCode.ts) holds no field the screens read: the words take its place, else it stays.
  const fields = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as ErrorData) : {};
  const { words: planted, ...rest } = fields;
  const words = refusalWords(refused.message);
  if (words) return new RpcError(refused.code, refused.message, { ...rest, words } satisfies ErrorData);
  if (planted === undefined) return refused;
  return new RpcError(refused.code, refused.message, Object.keys(rest).length > 0 ? rest : undefined);
}

const serverAnswered = (said: string): Words<ErrorKey> => ({ key: 'errors_serverAnswered', values: { said } });

/** A batch's kept error as Activity says it: a server's message (`by`) inside the wallet's sentence, else a refusal's words. */
export const storedErrorWords = (message: string, by?: 'server'): Words<ErrorKey> | undefined =>
  by === 'server' ? serverAnswered(saidText(message)) : refusalWords(message);
