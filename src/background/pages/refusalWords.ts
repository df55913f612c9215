/**
 * The words of the worker's refusals that people meet on the screens (shared/errorWords.ts), read from their English
 * in one place rather than at each throw site: the throw sites are in the worker's first script and the params'
 * validators answer dapps too, who get the English message as it is. The pages' pipeline (pipeline.ts) asks this
 * for a page method's error and sends the words in its `data`. Each part of a message a sentence names (a field, a
 * reason) is said again through this table, else kept as written: an address, a URL, what a node or a page said.
 * The unit test checks, for each family, that the words say the message in English as the worker wrote it.
 */
import { cleanText } from '../../shared/displayText';
import { ErrorCode, RpcError, isServerSaid, type ErrorData } from '../../shared/errors';
import type { ErrorKey } from '../../shared/errorWords';
import type { Words, WordsValue } from '../../shared/words';
import { DESCRIPTOR_REFUSALS } from './descriptorRefusals';
import { USDC_REFUSALS } from './usdcRefusals';

const ADDRESS = String.raw`(?<address>0x[0-9a-fA-F]{40})`;
/**
 * The field a sentence starts with is a name the worker writes ("RPC URL", "transaction.to", "storageKeys[0]"): never
 * a sentence of its own (an apostrophe, a colon, a parenthesis), as a message outside the table that ends in what a
 * server or a page wrote would be, read as one of these with all of it before as the field.
 */
const FIELD = String.raw`(?<field>[\w .[\]-]+)`;

/** Each refusal's English, its parts as named groups named as the catalogue's placeholders. */
const REFUSALS: [RegExp, ErrorKey][] = [
  [/^The bundler at (?<host>\S+) refused the user operation \((?<said>.*)\); it can still run until its nonce is used: Cancel in Activity uses it$/s, 'errors_bundlerAtRefusedOperation'],
  [/^The bundler refused the user operation \((?<said>.*)\); it can still run until its nonce is used: Cancel in Activity uses it$/s, 'errors_bundlerRefusedOperation'],
  [/^The bundler refused the userOp: (?<said>.*)$/s, 'errors_bundlerRefusedUserOp'],
  // The assets' refusals (shared/schemas/watchAsset.ts).
  [/^Invalid params: (?<refusal>.+)$/s, 'errors_invalidParams'],
  [new RegExp(String.raw`^${FIELD} must be a 20-byte hex address \(0x \+ 40 hex digits\), got (?<got>.*)$`, 's'), 'errors_notAddress'],
  [new RegExp(String.raw`^${FIELD} must be a 42-character hex address \(0x \+ 40 hex digits\), got (?<got>.*)$`, 's'), 'errors_notTokenAddress'],
  [new RegExp(`^${FIELD} ${ADDRESS} has an invalid EIP-55 checksum$`), 'errors_badChecksum'],
  [new RegExp(`^${FIELD} ${ADDRESS} has an invalid EIP-55 checksum: use the checksummed or the all-lowercase address$`), 'errors_badTokenChecksum'],
  [new RegExp(String.raw`^${FIELD} must be a hex number without leading zeros \(e\.g\. 0x1a\), got (?<got>.*)$`, 's'), 'errors_notQuantity'],
  [/^An account name has 1 to 40 characters$/, 'errors_accountName'],
  [new RegExp(`^${ADDRESS} is already an account of this wallet$`), 'errors_alreadyAccount'],
  [new RegExp(`^${ADDRESS} is not an account of this wallet$`), 'errors_notAccount'],
  [new RegExp(`^${ADDRESS} is an account of the recovery phrase: it cannot be removed$`), 'errors_phraseAccount'],
  [new RegExp(`^${ADDRESS} is the wallet's last account: it cannot be removed$`), 'errors_lastAccount'],
  [/^This is not a valid secp256k1 private key$/, 'errors_notPrivateKey'],
  [/^A private key is 64 hex digits \(with or without 0x\)$/, 'errors_privateKeyDigits'],
  [/^The wallet has no account yet$/, 'errors_noAccountYet'],
  [/^Add 1 to (?<max>\d+) Ledger accounts at a time$/, 'errors_ledgerCount'],
  [/^This is not a valid BIP-39 recovery phrase$/, 'errors_notRecoveryPhrase'],
  [/^Type (?<word>\S+) to reset the wallet$/, 'errors_typeToReset'],
  [/^Password must have at least (?<count>\d+) characters$/, 'errors_passwordTooShort'],
  [/^No wallet yet: create or import one first$/, 'errors_noWallet'],
  [/^The wallet is locked$/, 'errors_locked'],
  [/^Too many wrong passwords: try again in (?<seconds>\d+) s$/, 'errors_tooManyPasswords'],
  [/^A network name has 1 to 40 characters$/, 'errors_networkName'],
  [/^A network has 1 to (?<max>\d+) RPC URLs, got (?<count>\d+)$/, 'errors_rpcUrlCount'],
  [new RegExp(String.raw`^${FIELD} must be https:// \(or http:// on this machine, 127\.0\.0\.1 or localhost\), got (?<url>.*)$`, 's'), 'errors_urlNotHttps'],
  [new RegExp(String.raw`^${FIELD} must be https:// on a host that is not this machine, got (?<url>.*)$`, 's'), 'errors_bundlerNotHere'],
  [/^RPC URL (?<url>.*) is listed twice; each endpoint once$/s, 'errors_rpcUrlTwice'],
  [new RegExp(String.raw`^${FIELD} did not answer eth_chainId: (?<why>.*)$`, 's'), 'errors_noChainId'],
  [new RegExp(String.raw`^${FIELD} serves chain (?<served>\d+) \((?<servedHex>0x[0-9a-f]+)\), not (?<expected>\d+) \((?<expectedHex>0x[0-9a-f]+)\)$`), 'errors_otherChain'],
  [/^Unknown network (?<chainId>0x[0-9a-f]+)$/, 'errors_unknownNetwork'],
  [/^(?<chainId>0x[0-9a-f]+) is not a built-in network: there are no defaults to restore$/, 'errors_notBuiltIn'],
  [/^(?<chainId>0x[0-9a-f]+) is a built-in network; it cannot be removed$/, 'errors_builtIn'],
  [/^RPC URL$/, 'errors_fieldRpcUrl'],
  [/^Explorer URL$/, 'errors_fieldExplorerUrl'],
  [/^Bundler URL$/, 'errors_fieldBundlerUrl'],
  [/^Token contract$/, 'errors_fieldTokenContract'],
  // What a node answered is its claim, kept as written inside the wallet's sentence.
  [/^The node of (?<network>.+?) is unreachable \((?<why>.*)\)$/s, 'errors_nodeUnreachable'],
  [/^no connection$/, 'errors_noConnection'],
  [/^no answer within (?<seconds>[\d.]+) s$/, 'errors_noAnswerWithin'],
  [/^no complete answer within (?<seconds>[\d.]+) s$/, 'errors_noFullAnswerWithin'],
  [/^The nodes of (?<network>.+?) are limiting requests$/s, 'errors_nodesLimiting'],
  [/^The nodes of (?<network>.+?) are limiting requests; try again in (?<seconds>\d+) s$/s, 'errors_nodesLimitingWait'],
  [/^The node of (?<network>.+?) answered (?<answer>.*)$/s, 'errors_nodeAnswered'],
  // A server's message inside a sentence of the wallet's (shared/errors.ts quotedError), as the pages say one (pageError).
  [/^The network's server answered: (?<said>.*)$/s, 'errors_serverAnswered'],
  [/^The node's GasPriceOracle answered (?<answer>.*), not a fee \(one uint256 word\)$/s, 'errors_l1OracleAnswered'],
  // Transaction refusals, as networks/nodeErrors.ts words every node's.
  [/^nonce too low$/, 'errors_nonceTooLow'],
  [/^insufficient funds for gas \* price \+ value$/, 'errors_insufficientFunds'],
  [/^already known$/, 'errors_alreadyKnown'],
  [/^replacement transaction underpriced$/, 'errors_underpriced'],
  [new RegExp(`^${FIELD} ${ADDRESS} is not a contract on (?<network>.+): it has no code$`, 's'), 'errors_notContract'],
  [new RegExp(`^${FIELD} ${ADDRESS} on (?<network>.+) is not an ERC-20 token: (?<why>.*)$`, 's'), 'errors_notErc20'],
  [/^symbol\(\) did not return a string$/, 'errors_noSymbol'],
  [/^decimals\(\) did not return a number$/, 'errors_noDecimals'],
  [/^decimals\(\) returned (?<decimals>\d+), above (?<max>\d+)$/, 'errors_tooManyDecimals'],
  [/^balanceOf\(\) did not return a number$/, 'errors_noBalance'],
  [/^Auto-lock needs a whole number of minutes, at least 1$/, 'errors_autoLockMinutes'],
  [/^(?<file>.+) is larger than (?<size>\d+) kB: a descriptor is a few kB$/s, 'errors_descriptorTooLarge'],
  [/^At most (?<max>\d+) descriptor files: remove one first$/, 'errors_tooManyDescriptors'],
  [/^This permission is on (?<network>.+): switch to it to revoke$/s, 'errors_permissionElsewhere'],
  [/^This batch record was altered outside the wallet; it is not acted on$/, 'errors_batchAltered'],
  [/^The batch record was changed outside the wallet; nothing was signed or sent$/, 'errors_batchChanged'],
  [/^Paymaster service error$/, 'errors_paymasterServiceError'],
  [/^EIP-7702 not supported on the specified chain id: the node refused the type-4 transaction$/, 'errors_eip7702Refused'],
  // Signing on a Ledger (deviceSigning/, rpc/devicePayloads.ts).
  [/^No request (?<id>\S+) is waiting for the device: it was answered already, or never was$/, 'errors_deviceNotWaiting'],
  [/^The device's signature is not (?<what>.+): nothing was signed or sent$/s, 'errors_deviceSignatureNot'],
  [new RegExp(`^one signature by ${ADDRESS}$`), 'errors_deviceOneSignature'],
  [new RegExp(`^the transaction shown, signed by ${ADDRESS}$`), 'errors_deviceTransactionShown'],
  [new RegExp(`^(?<count>\\d+) transactions signed by ${ADDRESS}$`), 'errors_deviceTransactions'],
  [new RegExp(`^transaction (?<index>\\d+) of (?<count>\\d+) as shown, signed by ${ADDRESS}$`), 'errors_deviceTransactionOf'],
  [/^(?<count>\d+) requests already wait for the device; answer them first$/, 'errors_deviceBusy'],
  [/^The batch of request (?<id>\S+) is no longer waiting to be signed$/, 'errors_batchNotWaiting'],
  [/^The transaction of request (?<id>\S+) is no longer waiting to be signed$/, 'errors_transactionNotWaiting'],
  [new RegExp(`^${ADDRESS}'s code changed since this batch was planned: reject it and send it again$`), 'errors_codeChanged'],
  [/^There is no code at (?<delegate>0x[0-9a-fA-F]{40}) on chain (?<chainId>\d+): a batch run through it would do nothing\. Send each call alone$/, 'errors_noDelegateCode'],
  [/^A Ledger account signs this batch only atomically$/, 'errors_ledgerOnlyAtomic'],
  [/^A Ledger cannot sign eth_signTypedData \(v1\) messages: ask the site for eth_signTypedData_v4$/, 'errors_ledgerTypedDataV1'],
  ...USDC_REFUSALS,
  ...DESCRIPTOR_REFUSALS,
];

/** The reasons the worker writes where a sentence says why (`why`): a node's own message is quoted there as the server's. */
const REASONS: readonly ErrorKey[] = [
  'errors_noConnection', 'errors_noAnswerWithin', 'errors_noFullAnswerWithin', 'errors_nodeUnreachable', 'errors_nodesLimiting',
  'errors_nodesLimitingWait', 'errors_nodeAnswered', 'errors_serverAnswered', 'errors_noSymbol', 'errors_noDecimals', 'errors_tooManyDecimals', 'errors_noBalance',
];
const FIELDS: readonly ErrorKey[] = ['errors_fieldRpcUrl', 'errors_fieldExplorerUrl', 'errors_fieldBundlerUrl', 'errors_fieldTokenContract'];

/**
 * The families only ever a part of another's sentence, never a refusal of their own: one whose first part ends sooner
 * than a sentence it is the place of (`rank`) would take that sentence for itself.
 */
const ONLY_PARTS: readonly ErrorKey[] = [...FIELDS, 'errors_descriptorFieldPlace', 'errors_descriptorNothing'];
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
  // A descriptor's refusal: where in the file, and a value the file did not write.
  place: (key) => key === 'errors_descriptorFieldPlace',
  value: (key) => key === 'errors_descriptorNothing',
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

/** The parts that are amounts the worker wrote (usdcRefusals.ts), said as numbers in the browser's language. */
const DECIMALS = ['maximum', 'needed'];

/** As much of a server's message as a screen shows. */
const MAX_SAID_CHARS = 300;

/** A server's message (a `said` part) as the wallet's sentence says it: cleaned of what reorders or hides text, and bounded. */
const saidText = (message: string): string => cleanText(message, MAX_SAID_CHARS);

const partWords = (name: string, part: string): WordsValue => {
  if (name === 'said') return saidText(part);
  return DECIMALS.includes(name) ? { decimal: part } : (Object.hasOwn(PARTS, name) && refusalWords(part, PARTS[name])) || part;
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
  if (data !== undefined && (typeof data !== 'object' || data === null || Array.isArray(data))) return refused;
  // Words only the table made: a node's or a bundler's error data is its claim, never a sentence of the wallet's.
  const { words: planted, ...rest } = (data ?? {}) as ErrorData;
  const words = refusalWords(refused.message);
  if (words) return new RpcError(refused.code, refused.message, { ...rest, words } satisfies ErrorData);
  if (planted === undefined) return refused;
  return new RpcError(refused.code, refused.message, Object.keys(rest).length > 0 ? rest : undefined);
}

const serverAnswered = (said: string): Words<ErrorKey> => ({ key: 'errors_serverAnswered', values: { said } });

/** A batch's kept error as Activity says it: a server's message (`by`) inside the wallet's sentence, else a refusal's words. */
export const storedErrorWords = (message: string, by?: 'server'): Words<ErrorKey> | undefined =>
  by === 'server' ? serverAnswered(saidText(message)) : refusalWords(message);
