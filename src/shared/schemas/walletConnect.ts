/**
 * ERC-7846 wallet_connect params: `[{ version: "1", chainIds?: hex[], capabilities?: { signInWithEthereum?: {...} } }]`.
 * The sign-in fields are checked against EIP-4361's ABNF here, so no field can add a line (or a field) to the message.
 */
import { invalidParams } from '../errors';
import { object, positional, quantity, type Hex } from '../params';
import type { SiweFields } from '../siwe';
import { assertCapabilitiesKnown } from './sendCalls';

export const WALLET_CONNECT_VERSION = '1';

/** The signInWithEthereum capability as the site asked it: what it leaves out the wallet fills in (domain, uri, …). */
export type SignInRequest = Partial<Omit<SiweFields, 'chainId'>> & { nonce: string; chainId?: Hex };

export interface WalletConnectRequest {
  chainIds?: Hex[];
  signIn?: SignInRequest;
}

const CAPABILITY = 'capabilities.signInWithEthereum';

// EIP-4361's ABNF, field by field (RFC 3986 for scheme, authority, URI and pchar; RFC 3339 for times).
const SCHEME = /^[a-zA-Z][a-zA-Z0-9+.-]*$/;
const AUTHORITY = /^(?:[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)*\.?|\[[0-9a-fA-F:.]+\])(?::[0-9]{1,5})?$/;
const NONCE = /^[a-zA-Z0-9]{8,}$/;
const URI = /^[a-zA-Z][a-zA-Z0-9+.-]*:(?:[a-zA-Z0-9\-._~:/?#[\]@!$&'()*+,;=]|%[0-9a-fA-F]{2})*$/;
const STATEMENT = /^[a-zA-Z0-9\-._~:/?#[\]@!$&'()*+,;= ]*$/;
const PCHARS = /^(?:[a-zA-Z0-9\-._~!$&'()*+,;=:@]|%[0-9a-fA-F]{2})*$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})$/;

const FIELDS = ['nonce', 'chainId', 'domain', 'expirationTime', 'issuedAt', 'notBefore', 'requestId', 'resources', 'scheme', 'statement', 'uri', 'version', 'optional'];

const shown = (value: unknown): string => (typeof value === 'string' ? JSON.stringify(value.slice(0, 80)) : JSON.stringify(value) ?? String(value));

function text(value: unknown, name: string, pattern: RegExp, expected: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) throw invalidParams(`${CAPABILITY}.${name} must be ${expected}, got ${shown(value)}`);
  return value;
}

function dateTime(value: unknown, name: string): string {
  const time = text(value, name, DATE_TIME, 'an RFC 3339 date-time (e.g. 2026-11-23T16:00:00Z)');
  if (Number.isNaN(Date.parse(time))) throw invalidParams(`${CAPABILITY}.${name} is not a real date: ${shown(value)}`);
  return time;
}

function parseSignIn(raw: unknown): SignInRequest {
  const fields = object(raw, CAPABILITY);
  const unknown = Object.keys(fields).find((key) => !FIELDS.includes(key));
  if (unknown !== undefined) throw invalidParams(`${CAPABILITY}.${unknown} is not an EIP-4361 field the wallet can put in the message`);
  const request: SignInRequest = { nonce: text(fields.nonce, 'nonce', NONCE, 'at least 8 letters or digits') };
  const present = (name: string) => fields[name] !== undefined;
  if (present('chainId')) request.chainId = quantity(fields.chainId, `${CAPABILITY}.chainId`);
  if (present('scheme')) request.scheme = text(fields.scheme, 'scheme', SCHEME, 'an RFC 3986 scheme (e.g. https)');
  if (present('domain')) request.domain = text(fields.domain, 'domain', AUTHORITY, 'an RFC 3986 authority: a host and an optional port (e.g. app.example:8443)');
  if (present('uri')) request.uri = text(fields.uri, 'uri', URI, 'an RFC 3986 URI');
  if (present('version')) request.version = text(fields.version, 'version', /^1$/, '"1"') as '1';
  if (present('statement')) request.statement = text(fields.statement, 'statement', STATEMENT, 'one line of RFC 3986 reserved or unreserved characters and spaces');
  if (present('requestId')) request.requestId = text(fields.requestId, 'requestId', PCHARS, 'RFC 3986 path characters (pchar)');
  for (const name of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    if (present(name)) request[name] = dateTime(fields[name], name);
  }
  if (present('resources')) {
    if (!Array.isArray(fields.resources)) throw invalidParams(`${CAPABILITY}.resources must be an array of RFC 3986 URIs`);
    request.resources = fields.resources.map((resource, i) => text(resource, `resources[${i}]`, URI, 'an RFC 3986 URI'));
  }
  if (fields.optional !== undefined && typeof fields.optional !== 'boolean') throw invalidParams(`${CAPABILITY}.optional must be a boolean`);
  return request;
}

/** Checks in the order a dapp can act on: shape and fields (-32602), then capabilities the wallet lacks (5700). */
export function parseWalletConnect(params: unknown): WalletConnectRequest {
  const request = object(positional(params, 'wallet_connect', 1)[0], 'params[0]');
  if (request.version !== WALLET_CONNECT_VERSION) {
    throw invalidParams(`version must be "${WALLET_CONNECT_VERSION}", got ${request.version === undefined ? 'none' : shown(request.version)}`);
  }
  const parsed: WalletConnectRequest = {};
  if (request.chainIds !== undefined) {
    if (!Array.isArray(request.chainIds) || request.chainIds.length === 0) throw invalidParams('chainIds must be a non-empty array of hex chain ids');
    parsed.chainIds = request.chainIds.map((c, i) => quantity(c, `chainIds[${i}]`).toLowerCase() as Hex);
  }
  const capabilities = request.capabilities === undefined ? {} : object(request.capabilities, 'capabilities');
  if (capabilities.signInWithEthereum !== undefined) parsed.signIn = parseSignIn(capabilities.signInWithEthereum);
  assertCapabilitiesKnown(capabilities, ['signInWithEthereum'], 'capabilities');
  return parsed;
}
