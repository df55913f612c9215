/**
 * Who gets sponsored, and how much: chains, optional allowlists of senders and of call targets (decoded from the
 * callData as the sender's delegate reads it: the DeleGator's ERC-7821 execute, else the execute / executeBatch of
 * Simple7702Account or of the delegates the policy names), and daily budgets (operations and wei per sender, wei per app),
 * which the store enforces (store/reservations.ts). Loaded from a JSON file (devnet/paymaster-policy.json is the
 * devnet's) or given inline by an app's entry in the apps file; every refusal is an RpcError whose message says what
 * was refused and what is allowed.
 */
import { readFileSync } from 'node:fs';
import { AbiCoder, Interface, dataSlice, getAddress, toQuantity } from 'ethers';
import { SIMPLE_7702_ACCOUNT } from '../src/shared/contracts';
import { delegateKind } from '../src/shared/delegates';
import { ERC7821_EXECUTE_ABI, decodeExecute } from '../src/shared/erc7821';
import type { Account } from './account';
import { ErrorCode, RpcError } from './rpc';
import { isObject, type UserOperation } from './userOp';

/** The policy file's JSON. */
export interface PolicyFile {
  /** Shown by wallets (ERC-7677 `sponsor`); icon: a data: URI. */
  sponsor: { name: string; icon?: string };
  /** Chain ids (numbers) this service signs for. */
  chainIds: number[];
  /** When present, only these senders are sponsored. */
  senders?: string[];
  /** When present, every call of the userOp must go to one of these addresses. */
  targets?: string[];
  /**
   * With `targets`: the EIP-7702 delegates whose calls the targets are decoded for (default: Simple7702Account); the
   * DeleGator's are read from its ERC-7821 execute, any other's from Simple7702Account's execute/executeBatch. A sender
   * running any other code is refused, since its callData could mean anything.
   */
  delegates?: string[];
  /** When present, each sender gets at most this many sponsored userOps per UTC day (counted on pm_getPaymasterData). */
  dailyLimitPerSender?: number;
  /** When present, the most wei (a decimal string) each sender's sponsored userOps may cost per UTC day (budget.ts maxCost). */
  dailyWeiPerSender?: string;
  /** When present, the most wei (a decimal string) all of the app's sponsored userOps may cost per UTC day. */
  dailyWeiPerApp?: string;
  /** How long a signed paymasterData stays valid, in seconds of chain time (default 600). */
  validForSeconds?: number;
}

export interface Policy extends Required<Pick<PolicyFile, 'sponsor' | 'chainIds' | 'validForSeconds'>> {
  senders?: Set<string>;
  targets?: Set<string>;
  /** Lowercase; used only with `targets`. */
  delegates: Set<string>;
  dailyLimitPerSender?: number;
  dailyWeiPerSender?: bigint;
  dailyWeiPerApp?: bigint;
}

export type RefusalReason = 'chainId' | 'entryPoint' | 'sender' | 'target' | 'delegate';

const EXECUTE = '0xb61d27f6'; // execute(address target, uint256 value, bytes data)
const EXECUTE_BATCH = '0x34fcd5be'; // executeBatch((address target, uint256 value, bytes data)[] calls)
const ERC7821 = new Interface(ERC7821_EXECUTE_ABI);

export function loadPolicy(source: string | PolicyFile): Policy {
  const file = typeof source === 'string' ? readPolicyFile(source) : source;
  const where = typeof source === 'string' ? `policy file ${source}` : 'policy';
  const problem = policyProblem(file);
  if (problem) throw new Error(`Invalid ${where}: ${problem}`);
  const lower = (addresses?: string[]) => (addresses ? new Set(addresses.map((a) => a.toLowerCase())) : undefined);
  return {
    sponsor: file.sponsor,
    chainIds: file.chainIds,
    validForSeconds: file.validForSeconds ?? 600,
    senders: lower(file.senders),
    targets: lower(file.targets),
    delegates: lower(file.delegates ?? [SIMPLE_7702_ACCOUNT])!,
    dailyLimitPerSender: file.dailyLimitPerSender,
    dailyWeiPerSender: file.dailyWeiPerSender === undefined ? undefined : BigInt(file.dailyWeiPerSender),
    dailyWeiPerApp: file.dailyWeiPerApp === undefined ? undefined : BigInt(file.dailyWeiPerApp),
  };
}

export function refuse(reason: RefusalReason, message: string): RpcError {
  return new RpcError(ErrorCode.notSponsored, `Not sponsored: ${message}`, { reason });
}

/** Throws the refusal for the first rule of the chain and the sender the request breaks (the calls: checkCalls). */
export function checkPolicy(policy: Policy, op: UserOperation, chainId: bigint): void {
  if (!policy.chainIds.some((id) => BigInt(id) === chainId)) {
    throw refuse('chainId', `chain ${toQuantity(chainId)} is not sponsored (sponsored: ${policy.chainIds.map((id) => toQuantity(id)).join(', ')})`);
  }
  if (policy.senders && !policy.senders.has(op.sender.toLowerCase())) {
    throw refuse('sender', `sender ${op.sender} is not on the sponsored senders list`);
  }
}

/**
 * With call targets: the sender must run a delegate the policy names, and each call its callData makes, read as that
 * delegate reads it, must go to a listed target.
 */
export function checkCalls(policy: Policy, op: UserOperation, account: Account): void {
  if (!policy.targets) return;
  const delegate = sponsoredDelegate(policy, op.sender, account);
  const targets = callTargets(op.callData, delegate);
  if (!targets) {
    throw refuse('target', delegateKind(delegate) === 'deleGator'
      ? 'callData is not a DeleGator ERC-7821 execute in single or batch mode (reverting on failure), so its targets cannot be checked'
      : 'callData is not a Simple7702Account execute/executeBatch call, so its targets cannot be checked');
  }
  const outside = targets.find((target) => !policy.targets!.has(target.toLowerCase()));
  if (outside) throw refuse('target', `call target ${outside} is not on the sponsored targets list`);
}

/** The delegate the sender runs, when the policy names it: what its callData means follows from it. */
function sponsoredDelegate(policy: Policy, sender: string, account: Account): string {
  if (account.kind === 'delegated' && policy.delegates.has(account.delegate.toLowerCase())) return account.delegate;
  const sponsored = `a sponsored account implementation (${[...policy.delegates].map((d) => getAddress(d)).join(', ')})`;
  const why = account.kind === 'eoa' ? `sender ${sender} has no code and the userOp carries no eip7702Auth: it is not an account delegated to ${sponsored}`
    : account.kind === 'contract' ? `sender ${sender} is a contract, not an account delegated to ${sponsored}`
    : account.by === 'eip7702Auth' ? `the userOp's eip7702Auth delegates ${sender} to ${account.delegate}, not to ${sponsored}`
    : `sender ${sender} is delegated to ${account.delegate}, not to ${sponsored}`;
  throw refuse('delegate', `${why}, so its call targets cannot be checked`);
}

/**
 * The addresses an account running `delegate` calls with `callData`: the DeleGator's ERC-7821 execute, anyone else's
 * execute / executeBatch (Simple7702Account's); undefined for any other callData.
 */
export function callTargets(callData: string, delegate: string): string[] | undefined {
  if (delegateKind(delegate) === 'deleGator') {
    return decodeExecute(ERC7821, AbiCoder.defaultAbiCoder(), callData)?.map(({ target }) => getAddress(target));
  }
  const selector = callData.slice(0, 10).toLowerCase();
  if (selector !== EXECUTE && selector !== EXECUTE_BATCH) return undefined;
  const coder = AbiCoder.defaultAbiCoder();
  try {
    if (selector === EXECUTE) return [getAddress(coder.decode(['address', 'uint256', 'bytes'], dataSlice(callData, 4))[0] as string)];
    const [calls] = coder.decode(['(address,uint256,bytes)[]'], dataSlice(callData, 4));
    return (calls as [string, bigint, string][]).map(([target]) => getAddress(target));
  } catch {
    return undefined;
  }
}

function readPolicyFile(path: string): PolicyFile {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as PolicyFile;
  } catch (error) {
    throw new Error(`Cannot read the policy file ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function policyProblem(file: unknown): string | undefined {
  if (!isObject(file)) return 'expected a JSON object';
  const sponsor = file.sponsor;
  if (!isObject(sponsor) || typeof sponsor.name !== 'string') return 'sponsor must be {"name": string, "icon"?: data URI}';
  if (sponsor.icon !== undefined && (typeof sponsor.icon !== 'string' || !sponsor.icon.startsWith('data:'))) return 'sponsor.icon must be a data: URI';
  if (!Array.isArray(file.chainIds) || !file.chainIds.every((id) => Number.isSafeInteger(id) && id > 0)) return 'chainIds must be an array of positive integers';
  for (const list of ['senders', 'targets', 'delegates'] as const) {
    const value = file[list];
    if (value !== undefined && (!Array.isArray(value) || !value.every((a) => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a)))) {
      return `${list} must be an array of addresses`;
    }
  }
  if (file.delegates !== undefined && file.targets === undefined) return 'delegates applies only with targets: it names the accounts whose callData the targets are read from';
  if (file.dailyLimitPerSender !== undefined && !(Number.isSafeInteger(file.dailyLimitPerSender) && (file.dailyLimitPerSender as number) >= 0)) {
    return 'dailyLimitPerSender must be a non-negative integer';
  }
  for (const budget of ['dailyWeiPerSender', 'dailyWeiPerApp'] as const) {
    const value = file[budget];
    if (value !== undefined && !(typeof value === 'string' && /^\d{1,78}$/.test(value))) return `${budget} must be a decimal string of wei, such as "10000000000000000"`;
  }
  if (file.validForSeconds !== undefined && !(Number.isSafeInteger(file.validForSeconds) && (file.validForSeconds as number) > 0)) {
    return 'validForSeconds must be a positive integer';
  }
  return undefined;
}
