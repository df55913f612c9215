/**
 * ERC-7677 methods: pm_getPaymasterStubData and pm_getPaymasterData, params [userOp, entryPoint, chainId, context],
 * for the EntryPoint v0.8 (the v0.7 request form is the same JSON minus eip7702Auth). README.md shows the JSON.
 */
import { toQuantity, type JsonRpcProvider, type Wallet } from 'ethers';
import { STUB_SIGNATURE } from '../src/shared/erc4337';
import { accountOf } from './account';
import type { ChainTime } from './chainTime';
import type { App } from './apps';
import { limitError, limitsOf, maxCost, utcDay } from './budget';
import { checkCalls, checkPolicy, refuse } from './policy';
import { invalidParams, storeUnavailable, type Method } from './rpc';
import { encodePaymasterData, signPaymasterHash, type ValidityWindow } from './sign';
import { StoreUnavailable, type Database } from './store/database';
import { checkCharge, reserveCharge, type Charge } from './store/reservations';
import { isEip7702, isObject, opDigests, parseUserOperation, paymasterHash, userOpHash, type OpDigests, type PaymasterFields, type UserOperation } from './userOp';

/**
 * Gas the paymaster's validatePaymasterUserOp may use (a hash of the op and an ecrecover: Alto estimates 21,219 with
 * its 30% margin), and for postOp, which it never needs: it returns no context, so the EntryPoint does not call it.
 * Unused verification gas costs the paymaster nothing in v0.8.
 */
export const PAYMASTER_VERIFICATION_GAS_LIMIT = 50_000n;
export const PAYMASTER_POST_OP_GAS_LIMIT = 0n;

/** How far before the latest block's timestamp a signature starts being valid: tolerates nodes whose clocks differ. */
const VALID_AFTER_SLACK_SECONDS = 60;

export interface MethodDeps {
  db: Database;
  /** The most wei all apps' sponsored userOps may cost per UTC day. */
  globalDailyWei?: bigint;
  signer: Wallet;
  provider: JsonRpcProvider;
  /** The latest block's time (chainTime.ts): signature windows are counted in it. */
  chainTime: ChainTime;
  /** The chain of `provider`; the only chain this service can sign for. */
  chainId: bigint;
  paymaster: string;
  entryPoint: string;
  /** Decides the UTC day budgets are charged to. */
  now: () => Date;
}

/** Who is asking: the app of the request's API key, or the default app. */
export interface Caller {
  app: App;
}

/** The result of pm_getPaymasterStubData. */
export interface StubDataResult {
  paymaster: string;
  paymasterData: string;
  paymasterVerificationGasLimit: string;
  paymasterPostOpGasLimit: string;
  sponsor: { name: string; icon?: string };
  /** Always false: the stub carries a dummy signature; call pm_getPaymasterData once the gas fields are final. */
  isFinal: false;
}

/** The result of pm_getPaymasterData: put all four fields into the userOp as they are. */
export interface PaymasterDataResult {
  paymaster: string;
  paymasterData: string;
  paymasterVerificationGasLimit: string;
  paymasterPostOpGasLimit: string;
}

interface Request {
  op: UserOperation;
  chainId: bigint;
  /** The EIP-7702 delegate the EntryPoint hashes in place of the 0x7702 marker; undefined for other userOps. */
  delegate?: string;
}

export const METHOD_NAMES = ['pm_getPaymasterStubData', 'pm_getPaymasterData'] as const;

export function paymasterMethods(deps: MethodDeps): Record<(typeof METHOD_NAMES)[number], Method<Caller>> {
  const fields: PaymasterFields = {
    paymaster: deps.paymaster,
    paymasterVerificationGasLimit: PAYMASTER_VERIFICATION_GAS_LIMIT,
    paymasterPostOpGasLimit: PAYMASTER_POST_OP_GAS_LIMIT,
  };
  const gasFields = {
    paymasterVerificationGasLimit: toQuantity(fields.paymasterVerificationGasLimit),
    paymasterPostOpGasLimit: toQuantity(fields.paymasterPostOpGasLimit),
  };
  const charge = ({ op, chainId }: Request, app: App): Charge =>
    ({ app: app.name, chainId, sender: op.sender, nonce: op.nonce, day: utcDay(deps.now()), maxCost: maxCost(op, fields) });

  /** Checks the budgets without reserving: the gas fields may still be zero, so the cost may be understated. */
  const pm_getPaymasterStubData = async (params: unknown[], { app }: Caller) => {
    const request = await admit(params, 'optional', app, deps);
    const exceeded = await stored(checkCharge(deps.db, charge(request, app), limitsOf(app.policy, deps.globalDailyWei)));
    if (exceeded) throw limitError(exceeded, app.name, request.op.sender);
    const data = encodePaymasterData((await validityWindow(deps, app)).window, STUB_SIGNATURE);
    return { paymaster: deps.paymaster, paymasterData: data, ...gasFields, sponsor: app.policy.sponsor, isFinal: false } satisfies StubDataResult;
  };

  /**
   * Signs, then reserves the userOp's maximum cost; the signature is only returned once the reservation holds. The
   * same request again (a client's retry, or the same one sent to two instances) is answered with the signature that
   * holds its reservation, and charged once.
   */
  const pm_getPaymasterData = async (params: unknown[], { app }: Caller) => {
    const request = await admit(params, 'required', app, deps);
    const { op, chainId, delegate } = request;
    const { window, chainTime } = await validityWindow(deps, app);
    const digests = opDigests(op, delegate);
    const hash = paymasterHash(op, digests, fields, chainId, window.validUntil, window.validAfter);
    const data = encodePaymasterData(window, await signPaymasterHash(deps.signer, hash));
    const signature = {
      requestKey: requestKey(op, digests, fields, chainId),
      paymasterData: data,
      userOpHash: userOpHash(op, digests, fields, data, chainId, deps.entryPoint),
      validUntil: window.validUntil,
      decidedAt: deps.now(),
      chainTime,
    };
    const reservation = await stored(reserveCharge(deps.db, charge(request, app), signature, limitsOf(app.policy, deps.globalDailyWei)));
    if ('exceeded' in reservation) throw limitError(reservation.exceeded, app.name, op.sender);
    return { paymaster: deps.paymaster, paymasterData: reservation.paymasterData, ...gasFields } satisfies PaymasterDataResult;
  };

  return { pm_getPaymasterStubData, pm_getPaymasterData };
}

/** Parses the params and applies the app's policy; throws the refusal. */
async function admit(params: unknown[], gas: 'optional' | 'required', app: App, deps: MethodDeps): Promise<Request> {
  if (params.length < 3 || params.length > 4) throw invalidParams(`expected params [userOp, entryPoint, chainId, context?], got ${params.length} params`);
  const [userOp, entryPoint, chainId, context] = params;
  if (typeof entryPoint !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(entryPoint)) throw invalidParams('params[1] (entryPoint) must be a 20-byte hex address');
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId)) throw invalidParams('params[2] (chainId) must be a hex string such as "0x7a69"');
  if (context !== undefined && context !== null && !isObject(context)) throw invalidParams('params[3] (context) must be an object or null');
  const op = parseUserOperation(userOp, gas);
  const request: Request = { op, chainId: BigInt(chainId) };
  if (entryPoint.toLowerCase() !== deps.entryPoint.toLowerCase()) {
    throw refuse('entryPoint', `EntryPoint ${entryPoint} is not supported; this paymaster works with the v0.8 EntryPoint ${deps.entryPoint}`);
  }
  checkPolicy(app.policy, op, request.chainId);
  if (request.chainId !== deps.chainId) throw refuse('chainId', `this service has no node for chain ${chainId}; it signs for ${toQuantity(deps.chainId)}`);
  // The account is read (maybe from the chain) only when something needs it: the hash of an EIP-7702 userOp, or the targets.
  if (!isEip7702(op) && !app.policy.targets) return request;
  const account = await accountOf(op, deps.provider);
  if (isEip7702(op)) {
    if (account.kind !== 'delegated') throw invalidParams(`userOp.factory is 0x7702 but it has no eip7702Auth and the sender ${op.sender} is not delegated`);
    request.delegate = account.delegate;
  }
  checkCalls(app.policy, op, account);
  return request;
}

/**
 * What identifies a request for the same sponsorship: everything the signature covers but its window (sender, nonce,
 * initCode, callData, gas, chain, paymaster), so a retry matches and a userOp with other gas does not.
 */
const requestKey = (op: UserOperation, digests: OpDigests, fields: PaymasterFields, chainId: bigint) =>
  paymasterHash(op, digests, fields, chainId, 0, 0);

/** Chain time, not this machine's clock: the EntryPoint compares the window with block.timestamp. */
async function validityWindow(deps: MethodDeps, { policy }: App): Promise<{ window: ValidityWindow; chainTime: number }> {
  const now = await deps.chainTime();
  return { window: { validUntil: now + policy.validForSeconds, validAfter: Math.max(0, now - VALID_AFTER_SLACK_SECONDS) }, chainTime: now };
}

/** The store's answer; when it cannot be reached in time, the error that says so (nothing was signed for the caller). */
async function stored<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof StoreUnavailable) throw storeUnavailable();
    throw error;
  }
}
