/**
 * wallet_requestExecutionPermissions params (ERC-7715, in the wire format of @metamask/7715-permission-types 2.0.0,
 * which MetaMask's smart-accounts-kit sends), parsed into requests with every optional field filled, or -32602
 * naming what was wrong. What needs the wallet's state (the account, the token's contract) is checked later.
 */
import { invalidParams } from '../errors';
import { address, boolean, object, positional, uint256, type Hex } from '../params';

export const PERMISSION_TYPES = ['native-token-stream', 'native-token-periodic', 'native-token-allowance', 'erc20-token-stream', 'erc20-token-periodic', 'erc20-token-allowance'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];
export const RULE_TYPES = ['expiry', 'redeemer', 'payee'] as const;
export type RuleType = (typeof RULE_TYPES)[number];

/** Requests in one call: each is shown on the same screen. */
export const MAX_PERMISSION_REQUESTS = 4;
/** As the framework's types bound it: ten years. */
export const MAX_PERIOD_SECONDS = 10 * 365 * 24 * 60 * 60;
export const MAX_JUSTIFICATION_LENGTH = 500;
/** Addresses a redeemer or payee rule may list. */
export const MAX_RULE_ADDRESSES = 16;
export const MAX_UINT256: Hex = `0x${'f'.repeat(64)}`;
/** The latest time the framework's enforcers take (31 Dec 9999). */
export const MAX_TIMESTAMP = 253_402_300_799;
/** How far before the wallet's clock a start time may lie (a page's clock differs a little): earlier, a stream would have accrued and a first period would end early, neither of which the screen says. */
export const START_TIME_SLACK_SECONDS = 300;
/** The DelegationManager's ANY_DELEGATE: a delegation to it is redeemed by anyone. */
const ANY_DELEGATE = '0x0000000000000000000000000000000000000a11';
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';
/** Multicall3, at this address on every chain: it makes any call for any caller, so a delegation to it is redeemed by anyone, as one to ANY_DELEGATE. */
const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';

interface Common {
  /** The site's reason, shown as its words; empty when it gave none. */
  justification: string;
  /** Seconds since the epoch: when the first amount becomes spendable. */
  startTime: number;
}
interface Stream { initialAmount: Hex; maxAmount: Hex; amountPerSecond: Hex }
interface Periodic { periodAmount: Hex; periodDuration: number }
interface Allowance { allowanceAmount: Hex }
interface Erc20 { tokenAddress: Hex }

/** Each type's data with its defaults filled (the types' `Populated` shape, which their caveat builders take). */
export type Permission =
  | { type: 'native-token-stream'; isAdjustmentAllowed: boolean; data: Common & Stream }
  | { type: 'native-token-periodic'; isAdjustmentAllowed: boolean; data: Common & Periodic }
  | { type: 'native-token-allowance'; isAdjustmentAllowed: boolean; data: Common & Allowance }
  | { type: 'erc20-token-stream'; isAdjustmentAllowed: boolean; data: Common & Stream & Erc20 }
  | { type: 'erc20-token-periodic'; isAdjustmentAllowed: boolean; data: Common & Periodic & Erc20 }
  | { type: 'erc20-token-allowance'; isAdjustmentAllowed: boolean; data: Common & Allowance & Erc20 };

export type Rule = { type: 'expiry'; data: { timestamp: number } } | { type: 'redeemer' | 'payee'; data: { addresses: Hex[] } };

export interface PermissionRequest {
  chainId: Hex;
  /** The account to grant from; the wallet's selected one when absent. */
  from?: Hex;
  /** The session account that will redeem. */
  to: Hex;
  permission: Permission;
  rules: Rule[];
}

const CHAIN_ID = /^0x[1-9a-f][0-9a-f]*$/;

const describe = (value: unknown): string => (typeof value === 'string' ? `"${value.slice(0, 80)}"` : JSON.stringify(value) ?? String(value));

/** A positive whole number of seconds. */
function seconds(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0) throw invalidParams(`${field} must be a positive whole number of seconds, got ${describe(value)}`);
  return value;
}

/** A time, in seconds since the epoch, up to MAX_TIMESTAMP. */
function time(value: unknown, field: string): number {
  const at = seconds(value, field);
  if (at > MAX_TIMESTAMP) throw invalidParams(`${field} must be at most ${MAX_TIMESTAMP} (31 Dec 9999), got ${at}`);
  return at;
}

/** A hex amount above zero. */
function positiveAmount(value: unknown, field: string): Hex {
  const amount = uint256(value, field);
  if (amount === 0n) throw invalidParams(`${field} must be above zero, got ${describe(value)}`);
  return `0x${amount.toString(16)}`;
}

/** An optional hex amount (null or absent: `fallback`). */
function optionalAmount(value: unknown, field: string, fallback: Hex): Hex {
  return value === undefined || value === null ? fallback : `0x${uint256(value, field).toString(16)}`;
}

function period(value: unknown, field: string): number {
  const duration = seconds(value, field);
  if (duration > MAX_PERIOD_SECONDS) throw invalidParams(`${field} must be at most ten years (${MAX_PERIOD_SECONDS} seconds), got ${duration}`);
  return duration;
}

function common(raw: Record<string, unknown>, field: string, now: number): Common {
  const { justification, startTime } = raw;
  if (justification !== undefined && justification !== null && (typeof justification !== 'string' || justification.length > MAX_JUSTIFICATION_LENGTH)) {
    throw invalidParams(`${field}.justification must be a string of at most ${MAX_JUSTIFICATION_LENGTH} characters`);
  }
  if (startTime === undefined || startTime === null) return { justification: justification ?? '', startTime: now };
  const start = time(startTime, `${field}.startTime`);
  if (start < now - START_TIME_SLACK_SECONDS) throw invalidParams(`${field}.startTime ${new Date(start * 1000).toISOString()} has passed: a permission starts now or later`);
  return { justification: justification ?? '', startTime: start };
}

function stream(raw: Record<string, unknown>, field: string): Stream {
  const initialAmount = optionalAmount(raw.initialAmount, `${field}.initialAmount`, '0x0');
  const maxAmount = optionalAmount(raw.maxAmount, `${field}.maxAmount`, MAX_UINT256);
  if (BigInt(maxAmount) <= BigInt(initialAmount)) throw invalidParams(`${field}.maxAmount must be above initialAmount`);
  return { initialAmount, maxAmount, amountPerSecond: positiveAmount(raw.amountPerSecond, `${field}.amountPerSecond`) };
}

function parsePermission(raw: unknown, field: string, now: number): Permission {
  const permission = object(raw, field);
  const { type } = permission;
  if (typeof type !== 'string' || !(PERMISSION_TYPES as readonly string[]).includes(type)) {
    throw invalidParams(`${field}.type ${describe(type)} is not a permission type this wallet grants (${PERMISSION_TYPES.join(', ')})`);
  }
  const isAdjustmentAllowed = boolean(permission.isAdjustmentAllowed, `${field}.isAdjustmentAllowed`);
  const data = object(permission.data, `${field}.data`);
  const at = `${field}.data`;
  const shared = common(data, at, now);
  const token = () => ({ tokenAddress: address(data.tokenAddress, `${at}.tokenAddress`) });
  const periodic = () => ({ periodAmount: positiveAmount(data.periodAmount, `${at}.periodAmount`), periodDuration: period(data.periodDuration, `${at}.periodDuration`) });
  const allowance = () => ({ allowanceAmount: positiveAmount(data.allowanceAmount, `${at}.allowanceAmount`) });
  switch (type as PermissionType) {
    case 'native-token-stream': return { type: 'native-token-stream', isAdjustmentAllowed, data: { ...shared, ...stream(data, at) } };
    case 'native-token-periodic': return { type: 'native-token-periodic', isAdjustmentAllowed, data: { ...shared, ...periodic() } };
    case 'native-token-allowance': return { type: 'native-token-allowance', isAdjustmentAllowed, data: { ...shared, ...allowance() } };
    case 'erc20-token-stream': return { type: 'erc20-token-stream', isAdjustmentAllowed, data: { ...shared, ...stream(data, at), ...token() } };
    case 'erc20-token-periodic': return { type: 'erc20-token-periodic', isAdjustmentAllowed, data: { ...shared, ...periodic(), ...token() } };
    case 'erc20-token-allowance': return { type: 'erc20-token-allowance', isAdjustmentAllowed, data: { ...shared, ...allowance(), ...token() } };
  }
}

function addresses(raw: unknown, field: string): Hex[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.length > MAX_RULE_ADDRESSES) throw invalidParams(`${field} must list 1 to ${MAX_RULE_ADDRESSES} addresses`);
  return raw.map((item, i) => address(item, `${field}[${i}]`));
}

function parseRules(raw: unknown, field: string, now: number): Rule[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.length > RULE_TYPES.length) throw invalidParams(`${field} must be an array of at most ${RULE_TYPES.length} rules`);
  const rules = raw.map((item, i): Rule => {
    const at = `${field}[${i}]`;
    const rule = object(item, at);
    const data = object(rule.data, `${at}.data`);
    switch (rule.type) {
      case 'expiry': {
        const timestamp = time(data.timestamp, `${at}.data.timestamp`);
        if (timestamp <= now) throw invalidParams(`${at}: the expiry ${new Date(timestamp * 1000).toISOString()} has passed`);
        return { type: 'expiry', data: { timestamp } };
      }
      case 'redeemer':
      case 'payee':
        return { type: rule.type, data: { addresses: addresses(data.addresses, `${at}.data.addresses`) } };
      default:
        throw invalidParams(`${at}.type ${describe(rule.type)} is not a rule this wallet grants (${RULE_TYPES.join(', ')})`);
    }
  });
  const types = rules.map((rule) => rule.type);
  if (new Set(types).size !== types.length) throw invalidParams(`${field} names a rule type twice`);
  return rules;
}

/** `now`: seconds since the epoch (an expiry must be after it; a missing start time is it). */
export function parseExecutionPermissionRequests(params: unknown, now: number): PermissionRequest[] {
  const method = 'wallet_requestExecutionPermissions';
  const list = positional(params, method, 1, MAX_PERMISSION_REQUESTS);
  return list.map((raw, i) => {
    const field = `params[${i}]`;
    const request = object(raw, field);
    if (typeof request.chainId !== 'string' || !CHAIN_ID.test(request.chainId)) throw invalidParams(`${field}.chainId must be a hex chain id without leading zeros, got ${describe(request.chainId)}`);
    const from = request.from === undefined || request.from === null ? undefined : address(request.from, `${field}.from`);
    const to = address(request.to, `${field}.to`);
    if (from !== undefined && from.toLowerCase() === to.toLowerCase()) throw invalidParams(`${field}.to is the granting account itself: a permission goes to another (session) account`);
    if (to.toLowerCase() === ANY_DELEGATE) throw invalidParams(`${field}.to is the Delegation Framework's ANY_DELEGATE, which lets anyone redeem: a permission goes to one session account`);
    if (to.toLowerCase() === MULTICALL3) throw invalidParams(`${field}.to is Multicall3, which calls for anyone: through it anyone could redeem; a permission goes to one session account`);
    if (to.toLowerCase() === ZERO_ADDRESS) throw invalidParams(`${field}.to is address zero: a permission goes to a session account`);
    const permission = parsePermission(request.permission, `${field}.permission`, now);
    const rules = parseRules(request.rules, `${field}.rules`, now);
    const payees = rules.flatMap((rule) => (rule.type === 'payee' ? rule.data.addresses : []));
    // The framework checks an ERC-20 transfer's recipient against one address (AllowedCalldataEnforcer).
    if (permission.type.startsWith('erc20-') && payees.length > 1) throw invalidParams(`${field}.rules: an ERC-20 permission's payee rule names one address, got ${payees.length}`);
    return { chainId: request.chainId as Hex, ...(from ? { from } : {}), to, permission, rules };
  });
}
