/**
 * A descriptor file's refusals (shared/erc7730/parse.ts, decimals.ts, userFile.ts) as refusalWords.ts reads them:
 * Settings meets them when a file is added (the file's name first) and beside a stored file the wallet does not use
 * (unusedDescriptors.ts). What the file wrote (a format's key, a path, a value) and where are values as written.
 */
import type { ErrorKey } from '../../shared/errorWords';

export const DESCRIPTOR_REFUSALS: [RegExp, ErrorKey][] = [
  // The file's name holds no quote or bracket: a format's key does (display.formats["…"]), and its ": context…" is no separator.
  [/^(?<file>[^"[\]]+?): (?<refusal>(?:a descriptor|context|metadata|display)[ .].*)$/s, 'errors_descriptorRefused'],
  [/^(?<place>.+) must be a whole number from 0 to (?<max>\d+) \(ERC-7730 writes an integer\), not (?<value>.*)$/s, 'errors_descriptorDecimals'],
  [/^(?<format>display\.formats\[".*"\]) field "(?<label>.*)": (?<param>params\.decimals.*)$/s, 'errors_descriptorFieldPlace'],
  [/^nothing$/, 'errors_descriptorNothing'],
  [/^display\.formats\["(?<key>.*)"\] must be a function with parameter names \("transfer\(address to,uint256 value\)"\), or the descriptor must give context\.contract\.abi$/s, 'errors_descriptorUnnamedKey'],
  [/^display\.formats has two keys for (?<signature>.+)$/s, 'errors_descriptorTwoKeys'],
  [/^a descriptor must be a JSON object$/, 'errors_descriptorNotJson'],
  [/^(?<part>context|context\.eip712|context\.eip712\.domain|context\.contract|metadata|display\.formats|display\.formats\[".*"\]) must be an object$/s, 'errors_descriptorNotObject'],
  [/^context must have exactly one of eip712 or contract$/, 'errors_descriptorOneContext'],
  [/^(?<part>context\.eip712|context\.contract)\.deployments must be a list of \{ chainId: number, address: 0x and 40 hex digits \}$/, 'errors_descriptorDeployments'],
  [/^context\.eip712\.schemas must be a list of \{ primaryType, types \}$/, 'errors_descriptorSchemas'],
  [/^context\.contract\.abi must be the ABI as a JSON list$/, 'errors_descriptorAbi'],
  [/^(?<part>context\.eip712|context\.contract)\.deployments must name the chain and address of each contract the file describes \(a file of your own applies only where it says\)$/, 'errors_descriptorNoDeployments'],
];

/** What a descriptor file's refusal may be without the file's name, the one a stored file's is (unusedDescriptors.ts). */
export const FILE_REFUSALS: readonly ErrorKey[] = [
  'errors_descriptorDecimals', 'errors_descriptorUnnamedKey', 'errors_descriptorTwoKeys', 'errors_descriptorNotJson', 'errors_descriptorNotObject',
  'errors_descriptorOneContext', 'errors_descriptorDeployments', 'errors_descriptorSchemas', 'errors_descriptorAbi', 'errors_descriptorNoDeployments',
];
