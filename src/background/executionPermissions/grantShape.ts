/**
 * Whether a stored record has a grant's shape, down to every field Activity, Permissions and a revoke read of it.
 * Storage migration 5 moved whatever storage.local's `grants` held into the extension's IndexedDB, and a content
 * script could have planted a record there before the update: one without the shape threw in every list that read it.
 */
import { isObject } from '../../shared/isObject';
import type { PermissionType } from '../../shared/schemas/executionPermissions';
import { MAX_REVOKE_BATCHES, type RevokeOutcome } from './sentRevokes';
import type { GrantRecord } from './store';

type Field = 'hex' | 'count';
type Fields = Record<string, Field>;

const isField = (value: unknown, field: Field): boolean =>
  field === 'hex' ? typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value) : Number.isSafeInteger(value) && (value as number) >= 0;
const has = (value: unknown, fields: Fields): value is Record<string, unknown> =>
  isObject(value) && Object.entries(fields).every(([key, field]) => isField(value[key], field));

const STREAM: Fields = { initialAmount: 'hex', maxAmount: 'hex', amountPerSecond: 'hex' };
const PERIODIC: Fields = { periodAmount: 'hex', periodDuration: 'count' };
const ALLOWANCE: Fields = { allowanceAmount: 'hex' };
const ERC20: Fields = { tokenAddress: 'hex' };
/** Each permission type's own data, beside its start time and justification. */
const PERMISSION_DATA: Record<PermissionType, Fields> = {
  'native-token-stream': STREAM,
  'native-token-periodic': PERIODIC,
  'native-token-allowance': ALLOWANCE,
  'erc20-token-stream': { ...STREAM, ...ERC20 },
  'erc20-token-periodic': { ...PERIODIC, ...ERC20 },
  'erc20-token-allowance': { ...ALLOWANCE, ...ERC20 },
};

function isPermission(value: unknown): boolean {
  if (!isObject(value) || typeof value.type !== 'string' || !Object.hasOwn(PERMISSION_DATA, value.type) || typeof value.isAdjustmentAllowed !== 'boolean') return false;
  const { data } = value;
  return has(data, { startTime: 'count', ...PERMISSION_DATA[value.type as PermissionType] }) && typeof data.justification === 'string';
}

const isRule = (rule: unknown): boolean =>
  isObject(rule) && (rule.type === 'expiry'
    ? has(rule.data, { timestamp: 'count' })
    : (rule.type === 'redeemer' || rule.type === 'payee') && isObject(rule.data) && Array.isArray(rule.data.addresses) && rule.data.addresses.every((a) => isField(a, 'hex')));

const isDelegation = (value: unknown): boolean =>
  has(value, { delegate: 'hex', delegator: 'hex', authority: 'hex', salt: 'hex', signature: 'hex' }) &&
  Array.isArray(value.caveats) && value.caveats.every((caveat) => has(caveat, { enforcer: 'hex', terms: 'hex', args: 'hex' }));

/** What store.ts writes of a revoke's end, or none (not decided yet, or named before outcomes were kept). */
const OUTCOMES: unknown[] = ['landed', 'failed', undefined] satisfies (RevokeOutcome | undefined)[];
const isSentBatch = (value: unknown): boolean =>
  isObject(value) && typeof value.origin === 'string' && typeof value.batchId === 'string' && OUTCOMES.includes(value.outcome) &&
  (value.createdAt === undefined || typeof value.createdAt === 'number');

/** A GrantRecord, as far as its fields' types go. */
function hasGrantShape(value: unknown): boolean {
  return (
    has(value, { id: 'hex', chainId: 'hex', from: 'hex', to: 'hex', delegationManager: 'hex', context: 'hex', grantedAt: 'count' }) &&
    typeof value.origin === 'string' && (value.revokedAt === undefined || isField(value.revokedAt, 'count')) &&
    (value.revokeBatches === undefined || (Array.isArray(value.revokeBatches) && value.revokeBatches.length <= MAX_REVOKE_BATCHES && value.revokeBatches.every(isSentBatch))) &&
    has(value.token, { decimals: 'count' }) && typeof value.token.symbol === 'string' &&
    isPermission(value.permission) && Array.isArray(value.rules) && value.rules.every(isRule) && isDelegation(value.delegation)
  );
}

/** The records with a grant's shape; the others are left out (and dropped at the store's next write). */
export const grantsWithShape = async (records: GrantRecord[]): Promise<GrantRecord[]> => records.filter(hasGrantShape);
