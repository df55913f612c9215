/**
 * The worker's refusals that people meet on the screens, by family: each one's English as the worker writes it, its
 * parts as named groups named as the catalogue's placeholders (shared/errorWords.ts). refusalWords.ts reads a message
 * with them; the *Refusals.ts files beside it hold families of their own, each a screen's.
 */
import type { ErrorKey } from '../../shared/errorWords';
import { ACTIVITY_REFUSALS } from './activityRefusals';
import { APPROVAL_REFUSALS } from './approvalRefusals';
import { DESCRIPTOR_REFUSALS } from './descriptorRefusals';
import { GRANT_REFUSALS } from './grantRefusals';
import { DEVICE_SIGNING_REFUSALS, LEDGER_REFUSALS } from './ledgerRefusals';
import { REVERT_SEND_REFUSALS } from './revertSendRefusals';
import { USDC_REFUSALS } from './usdcRefusals';

const ADDRESS = String.raw`(?<address>0x[0-9a-fA-F]{40})`;
/**
 * The field a sentence starts with is a name the worker writes ("RPC URL", "transaction.to", "storageKeys[0]"): never
 * a sentence of its own (an apostrophe, a colon, a parenthesis), as a message outside the table that ends in what a
 * server or a page wrote would be, read as one of these with all of it before as the field.
 */
const FIELD = String.raw`(?<field>[\w .[\]-]+)`;

/** Each refusal's English, its parts as named groups named as the catalogue's placeholders. */
export const REFUSALS: [RegExp, ErrorKey][] = [
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
  // A URL holds no space: read as any text, it took the probe's "RPC URL did not answer eth_chainId: …" for its URL
  // when what the node answered ended as this sentence does (its own words start first: refusalWords.ts rank).
  [/^RPC URL (?<url>\S+) is listed twice; each endpoint once$/, 'errors_rpcUrlTwice'],
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
  // What it answered in place of a JSON-RPC reply, as shared/jsonRpc.ts words each failure (`server-error`, `not-json`, `no-result`).
  [/^HTTP (?<status>\d+)$/, 'errors_httpStatus'],
  [/^HTTP (?<status>\d+) without JSON$/, 'errors_httpNoJson'],
  [/^a reply without result or error$/, 'errors_noResult'],
  // A server's message inside a sentence of the wallet's (shared/errors.ts quotedError), as the pages say one (pageError).
  [/^The network's server answered: (?<said>.*)$/s, 'errors_serverAnswered'],
  // A node's answer that is no amount (networks/nodeAmount.ts): the method as written.
  [/^The node answered (?<method>\w+) with no amount$/, 'errors_noAmount'],
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
  [/^Auto-lock needs a whole number of minutes, from 1 to (?<max>\d+) \(a week\)$/, 'errors_autoLockMinutes'],
  [/^(?<file>.+) is larger than (?<size>\d+) kB: a descriptor is a few kB$/s, 'errors_descriptorTooLarge'],
  [/^At most (?<max>\d+) descriptor files: remove one first$/, 'errors_tooManyDescriptors'],
  [/^The recovery phrase gives at most (?<max>\d+) accounts here$/, 'errors_tooManyPhraseAccounts'],
  [/^This permission is on (?<network>.+): switch to it to revoke$/s, 'errors_permissionElsewhere'],
  [/^A revoke of this permission already waits for your answer in the approval window$/, 'errors_revokeWaiting'],
  [/^A revoke of this permission was sent and is not confirmed yet: wait for it \(or speed it up in Activity\)$/, 'errors_revokePending'],
  [/^This permission is already revoked: nothing was sent$/, 'errors_revokeDone'],
  // The grant nonce refusals (executionPermissions/nonceMarks.ts): the nonces as written.
  [new RegExp(`^The node says ${ADDRESS}'s grant nonce is (?<nonce>\\d+), but this wallet's Revoke all took it to (?<reached>\\d+) already: the node is behind or wrong; try again later, or another node$`), 'errors_grantNonceBehind'],
  [new RegExp(`^The node says ${ADDRESS}'s grant nonce is (?<nonce>\\d+), more than (?<max>\\d+) past (?<reached>\\d+), where this wallet knows it to be: each later Revoke all would pay for every step; check the node$`), 'errors_grantNonceAhead'],
  [new RegExp(`^${ADDRESS}'s last Revoke all on chain (?<chainId>0x[0-9a-f]+) is not confirmed yet: wait for it \\(or speed it up in Activity\\), then Revoke all again$`), 'errors_revokeAllPending'],
  [new RegExp(`^A grant was signed for ${ADDRESS} since this Revoke all was planned: raising the nonce by (?<asked>\\d+) no longer goes past it \\(it takes (?<needs>\\d+)\\); click Revoke all again$`), 'errors_revokeAllOutrun'],
  [/^This batch record was altered outside the wallet; it is not acted on$/, 'errors_batchAltered'],
  [/^The batch record was changed outside the wallet; nothing was signed or sent$/, 'errors_batchChanged'],
  [/^Paymaster service error$/, 'errors_paymasterServiceError'],
  [/^EIP-7702 not supported on the specified chain id: the node refused the type-4 transaction$/, 'errors_eip7702Refused'],
  // Signing on a Ledger (deviceSigning/, rpc/devicePayloads.ts), in their place among these.
  ...DEVICE_SIGNING_REFUSALS,
  // The firewall's revert (rpc/firewall.ts), refused before the approval window opens: the banner says it.
  [/^No account of this wallet holds the (?<cost>\d+(?:\.\d+)?) (?<symbol>.+?) the revert can cost on (?<network>.+): fund one, then try again$/s, 'errors_noRevertPayer'],
  [/^A Ledger account signs this batch only atomically$/, 'errors_ledgerOnlyAtomic'],
  [/^A Ledger cannot sign eth_signTypedData \(v1\) messages: ask the site for eth_signTypedData_v4$/, 'errors_ledgerTypedDataV1'],
  ...USDC_REFUSALS,
  ...DESCRIPTOR_REFUSALS,
  ...ACTIVITY_REFUSALS,
  ...APPROVAL_REFUSALS,
  ...GRANT_REFUSALS,
  ...LEDGER_REFUSALS,
  ...REVERT_SEND_REFUSALS,
];
