/**
 * Uniswap's plans: the Universal Router's `execute(commands, inputs[, deadline])` and v4's PositionManager
 * `modifyLiquidities(unlockData, deadline)` run a list of one-byte commands (v4: actions), each with its ABI-encoded
 * input. The wallet reads each as a call of a pseudo-function named after the command, whose parameters are the
 * command's input ("V3_SWAP_EXACT_IN(address recipient,…)"), worded by its own descriptors
 * (public/erc7730/calldata-uniswap-router-commands.json, calldata-uniswap-v4-actions.json). Those name no deployment,
 * so they bind nothing by themselves: only here, behind a router or PositionManager call their descriptors bound.
 *
 * The numbers and encodings are Uniswap's: Uniswap/universal-router contracts/libraries/Commands.sol and
 * contracts/base/Dispatcher.sol at 1.2 (commit 3e16080e), 2.0.0 (f79755c6) and 2.1.1 (a733f068); Uniswap/v4-periphery
 * src/libraries/Actions.sol, CalldataDecoder.sol, V4Router.sol and PositionManager.sol at 444c526b (the router 2.0's)
 * and 3231810e (2.1.1's).
 */
import { AbiCoder, dataLength, dataSlice, getAddress, id } from 'ethers';
import type { Hex } from '../params';
import { bindCall, functionOf, type Bound } from './bind';
import type { ClearSigned, Descriptor } from './types';

/** Which command table a contract runs, by its descriptor's `context.$id`. */
type PlanKind = 'router-1.2' | 'router-2.0' | 'router-2.1' | 'v4-router-2.0' | 'v4-router-2.1' | 'positions';

const PLAN_CONTRACTS: Record<string, PlanKind> = {
  'Uniswap Universal Router 1.2': 'router-1.2',
  'Uniswap Universal Router 2.0': 'router-2.0',
  'Uniswap Universal Router 2.1.1': 'router-2.1',
  'Uniswap v4 PositionManager': 'positions',
};

/** The descriptors that word the commands and the v4 actions (their `context.$id`). */
const ROUTER_COMMANDS = 'Uniswap Universal Router commands';
const V4_ACTIONS = 'Uniswap v4 actions';

const POOL_KEY = '(address,address,uint24,int24,address)';
const PATH_KEY = '(address,uint24,int24,address,bytes)';

/** Commands 1.2, 2.0 and 2.1.1 encode alike (Dispatcher.sol's "equivalent: abi.decode(inputs, (…))"). */
const COMMON: Record<number, string> = {
  0x02: 'PERMIT2_TRANSFER_FROM(address,address,uint160)',
  0x03: 'PERMIT2_PERMIT_BATCH(((address,uint160,uint48,uint48)[],address,uint256),bytes)',
  0x04: 'SWEEP(address,address,uint256)',
  0x05: 'TRANSFER(address,address,uint256)',
  0x06: 'PAY_PORTION(address,address,uint256)',
  0x0a: 'PERMIT2_PERMIT(((address,uint160,uint48,uint48),address,uint256),bytes)',
  0x0b: 'WRAP_ETH(address,uint256)',
  0x0c: 'UNWRAP_WETH(address,uint256)',
  0x0e: 'BALANCE_CHECK_ERC20(address,address,uint256)',
};

const SWAPS_BEFORE_2_1: Record<number, string> = {
  0x00: 'V3_SWAP_EXACT_IN(address,uint256,uint256,bytes,bool)',
  0x01: 'V3_SWAP_EXACT_OUT(address,uint256,uint256,bytes,bool)',
  0x08: 'V2_SWAP_EXACT_IN(address,uint256,uint256,address[],bool)',
  0x09: 'V2_SWAP_EXACT_OUT(address,uint256,uint256,address[],bool)',
};

/** 2.1.1 added a minimum price per hop to every swap. */
const SWAPS_2_1: Record<number, string> = {
  0x00: 'V3_SWAP_EXACT_IN(address,uint256,uint256,bytes,bool,uint256[])',
  0x01: 'V3_SWAP_EXACT_OUT(address,uint256,uint256,bytes,bool,uint256[])',
  0x08: 'V2_SWAP_EXACT_IN(address,uint256,uint256,address[],bool,uint256[])',
  0x09: 'V2_SWAP_EXACT_OUT(address,uint256,uint256,address[],bool,uint256[])',
};

/** V4Router's settling actions (both versions). */
const V4_ROUTER_SETTLING: Record<number, string> = {
  0x0b: 'SETTLE(address,uint256,bool)',
  0x0c: 'SETTLE_ALL(address,uint256)',
  0x0e: 'TAKE(address,address,uint256)',
  0x0f: 'TAKE_ALL(address,uint256)',
  0x10: 'TAKE_PORTION(address,address,uint256)',
};

interface Table {
  /** Commands.sol's COMMAND_TYPE_MASK; v4 actions are whole bytes. */
  mask: number;
  signatures: Record<number, string>;
  /** The command whose input is a v4 plan in turn (V4_SWAP), and the table its actions use. */
  nested?: { command: number; kind: PlanKind };
  /** "Command" for the router, "Action" for v4. */
  noun: string;
}

const TABLES: Record<PlanKind, Table> = {
  'router-1.2': { mask: 0x3f, noun: 'Command', signatures: { ...COMMON, ...SWAPS_BEFORE_2_1 } },
  'router-2.0': { mask: 0x3f, noun: 'Command', signatures: { ...COMMON, ...SWAPS_BEFORE_2_1, 0x10: 'V4_SWAP(bytes,bytes[])' }, nested: { command: 0x10, kind: 'v4-router-2.0' } },
  'router-2.1': {
    mask: 0x7f, noun: 'Command',
    signatures: { ...COMMON, ...SWAPS_2_1, 0x07: 'PAY_PORTION_FULL_PRECISION(address,address,uint256)', 0x10: 'V4_SWAP(bytes,bytes[])' },
    nested: { command: 0x10, kind: 'v4-router-2.1' },
  },
  'v4-router-2.0': {
    mask: 0xff, noun: 'Action',
    signatures: {
      0x06: `SWAP_EXACT_IN_SINGLE((${POOL_KEY},bool,uint128,uint128,bytes))`,
      0x07: `SWAP_EXACT_IN((address,${PATH_KEY}[],uint128,uint128))`,
      0x08: `SWAP_EXACT_OUT_SINGLE((${POOL_KEY},bool,uint128,uint128,bytes))`,
      0x09: `SWAP_EXACT_OUT((address,${PATH_KEY}[],uint128,uint128))`,
      ...V4_ROUTER_SETTLING,
    },
  },
  'v4-router-2.1': {
    mask: 0xff, noun: 'Action',
    signatures: {
      0x06: `SWAP_EXACT_IN_SINGLE((${POOL_KEY},bool,uint128,uint128,uint256,bytes))`,
      0x07: `SWAP_EXACT_IN((address,${PATH_KEY}[],uint256[],uint128,uint128))`,
      0x08: `SWAP_EXACT_OUT_SINGLE((${POOL_KEY},bool,uint128,uint128,uint256,bytes))`,
      0x09: `SWAP_EXACT_OUT((address,${PATH_KEY}[],uint256[],uint128,uint128))`,
      ...V4_ROUTER_SETTLING,
    },
  },
  positions: {
    mask: 0xff, noun: 'Action',
    signatures: {
      0x00: 'INCREASE_LIQUIDITY(uint256,uint256,uint128,uint128,bytes)',
      0x01: 'DECREASE_LIQUIDITY(uint256,uint256,uint128,uint128,bytes)',
      0x02: `MINT_POSITION(${POOL_KEY},int24,int24,uint256,uint128,uint128,address,bytes)`,
      0x03: 'BURN_POSITION(uint256,uint128,uint128,bytes)',
      0x0b: 'SETTLE(address,uint256,bool)',
      0x0d: 'SETTLE_PAIR(address,address)',
      0x0e: 'TAKE(address,address,uint256)',
      0x11: 'TAKE_PAIR(address,address,address)',
      0x12: 'CLOSE_CURRENCY(address)',
      0x14: 'SWEEP(address,address)',
    },
  },
};

/** ActionConstants.MSG_SENDER and ADDRESS_THIS: the router and PositionManager map them before paying anyone. */
const MSG_SENDER = '0x0000000000000000000000000000000000000001';
const ADDRESS_THIS = '0x0000000000000000000000000000000000000002';
/** The parameters the contracts pass through that mapping (Dispatcher.map, _mapRecipient). */
const MAPPED = ['recipient', 'owner', 'to'];

/** One command (or v4 action) of a plan: in the words of its pseudo-function, or why the wallet cannot read it. */
export interface PlanStep {
  /** "Command 1", "Command 2 › Action 1". */
  label: string;
  /** The command byte as sent. */
  command: number;
  input: Hex;
  /** The router's FLAG_ALLOW_REVERT: the plan goes on when this command fails. */
  allowRevert: boolean;
  bound?: Bound;
  /** Set when the wallet does not read the command: what it could not do. */
  unread?: string;
}

export type PlanRead =
  | { ok: true; steps: PlanStep[] }
  /** The contract refuses the plan as a whole (the router's LengthMismatch): it fails, whatever its commands. */
  | { ok: false; code: 'lengthMismatch'; message: string };

/** Who the plan runs for: the one calling the contract (MSG_SENDER) and the contract (ADDRESS_THIS). */
export interface PlanCall {
  chainId: bigint;
  contract: Hex;
  sender: Hex;
}

const coder = AbiCoder.defaultAbiCoder();
const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;
const hex = (value: unknown): value is Hex => typeof value === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(value);

/** `abi.decode(data, (bytes, bytes[]))` as v4's decodeActionsRouterParams, only when `data` is that encoding exactly. */
export function decodeActionsAndParams(data: Hex): { actions: Hex; params: Hex[] } | undefined {
  try {
    const [actions, params] = coder.decode(['bytes', 'bytes[]'], data) as unknown as [Hex, Hex[]];
    if (coder.encode(['bytes', 'bytes[]'], [actions, params]).toLowerCase() !== data.toLowerCase()) return undefined;
    return { actions, params: [...params] };
  } catch {
    return undefined;
  }
}

/**
 * A V3 path (V3Path.sol): token, then per pool a uint24 fee and the next token. The router reads it pool by pool and
 * ignores bytes past the last whole pool, so only an exact layout is read: with bytes past it, its last 20 bytes are
 * not the token the swap ends in.
 */
export function readV3Path(path: Hex): { tokens: Hex[]; fees: bigint[] } | undefined {
  const size = dataLength(path);
  if (size < 43 || (size - 20) % 23 !== 0) return undefined;
  const tokens = [getAddress(dataSlice(path, 0, 20)) as Hex];
  const fees: bigint[] = [];
  for (let at = 20; at < size; at += 23) {
    fees.push(BigInt(dataSlice(path, at, at + 3)));
    tokens.push(getAddress(dataSlice(path, at + 3, at + 23)) as Hex);
  }
  return { tokens, fees };
}

/**
 * Values the descriptors word that the input holds only implicitly: a V3 path's tokens and fees, a v4 single-pool
 * swap's input and output currency (by its zeroForOne), recipients after the contract's own mapping. Undefined when
 * the input is not what the contract reads (a V3 path of another layout).
 */
function derived(name: string, data: Record<string, unknown>, call: PlanCall): Record<string, unknown> | undefined {
  const mapped = Object.fromEntries(MAPPED.filter((key) => typeof data[key] === 'string').map((key) => {
    const value = String(data[key]).toLowerCase();
    return [key, value === MSG_SENDER ? call.sender : value === ADDRESS_THIS ? call.contract : data[key]];
  }));
  const out: Record<string, unknown> = { ...data, ...mapped };
  if (name.startsWith('V3_SWAP_')) {
    const path = hex(data.path) ? readV3Path(data.path) : undefined;
    if (!path) return undefined;
    Object.assign(out, { pathTokens: path.tokens, pathFees: path.fees });
  }
  if (/^SWAP_EXACT_(IN|OUT)_SINGLE$/.test(name)) {
    const params = data.params as { poolKey: { currency0: unknown; currency1: unknown }; zeroForOne: boolean };
    const { currency0, currency1 } = params.poolKey;
    Object.assign(out, params.zeroForOne ? { tokenIn: currency0, tokenOut: currency1 } : { tokenIn: currency1, tokenOut: currency0 });
  }
  return out;
}

/** Only the wallet's own: a registry file or a user's file may write any `$id`. */
const own = (d: Descriptor): boolean => !d.userFile && !d.registry;
const byId = (descriptors: Descriptor[], $id: string) => descriptors.find((d) => d.context.$id === $id && own(d));

/** The pseudo-function key of `descriptor` whose types are `signature`. */
const keyFor = (descriptor: Descriptor, signature: string) => Object.keys(descriptor.display.formats).find((key) => functionOf(key)?.format('sighash') === signature);

function readStep(words: Descriptor | undefined, signature: string | undefined, input: Hex, call: PlanCall): Pick<PlanStep, 'bound' | 'unread'> {
  if (!signature) return { unread: 'a command the wallet does not know' };
  const key = words && keyFor(words, signature);
  if (!words || !key) return { unread: 'a command the wallet has no words for' };
  // Bound as its own pseudo-function, anywhere: the contract's descriptor already checked where the call goes.
  const generic: Descriptor = { ...words, context: { ...words.context, contract: { ...words.context.contract, deployments: undefined } }, display: { ...words.display, formats: { [key]: words.display.formats[key] } } };
  const bound = bindCall([generic], { chainId: call.chainId, to: call.contract, data: `${id(signature).slice(0, 10)}${input.slice(2)}` as Hex });
  if (!bound) return { unread: 'its input is not encoded as this command reads it' };
  if (bound.extra) return { unread: `its input has ${counted(dataLength(bound.extra), 'byte')} after its arguments` };
  const data = derived(signature.slice(0, signature.indexOf('(')), bound.data, call);
  if (!data) return { unread: 'its swap path is not one whole number of pools' };
  return { bound: { ...bound, data } };
}

function readSteps(kind: PlanKind, commands: Hex, inputs: Hex[], descriptors: Descriptor[], call: PlanCall, prefix: string): PlanStep[] {
  const table = TABLES[kind];
  const words = byId(descriptors, kind.startsWith('router') ? ROUTER_COMMANDS : V4_ACTIONS);
  const bytes = Array.from({ length: dataLength(commands) }, (_, i) => Number(BigInt(dataSlice(commands, i, i + 1))));
  return bytes.flatMap((command, i): PlanStep[] => {
    const type = command & table.mask;
    const allowRevert = table.mask !== 0xff && (command & 0x80) !== 0;
    const label = `${prefix}${table.noun} ${i + 1}`;
    const step: PlanStep = { label, command, input: inputs[i], allowRevert, ...readStep(words, table.signatures[type], inputs[i], call) };
    if (!table.nested || type !== table.nested.command || !step.bound) return [step];
    const { actions, params } = step.bound.data as { actions: Hex; params: Hex[] };
    if (dataLength(actions) !== params.length) return [{ ...step, bound: undefined, unread: `its ${counted(dataLength(actions), 'action')} come with ${counted(params.length, 'input')}` }];
    return [step, ...readSteps(table.nested.kind, actions, params, descriptors, call, `${label} › `)];
  });
}

/**
 * The steps of a plan a contract's descriptor bound (`execute` or `modifyLiquidities`); undefined when `bound` is no
 * plan. Every command is a step: one the wallet cannot read is there too, with why, never left out.
 */
export function readPlan(bound: Bound, descriptors: Descriptor[], call: PlanCall): PlanRead | undefined {
  const kind = PLAN_CONTRACTS[bound.descriptor.context.$id ?? ''];
  if (!kind || !own(bound.descriptor)) return undefined;
  const { commands, inputs, unlockData } = bound.data as { commands?: unknown; inputs?: unknown; unlockData?: unknown };
  let plan: { commands: Hex; inputs: Hex[] } | undefined;
  if (hex(commands) && Array.isArray(inputs) && inputs.every(hex)) plan = { commands, inputs };
  else if (hex(unlockData)) {
    const decoded = decodeActionsAndParams(unlockData);
    if (!decoded) return { ok: true, steps: [{ label: 'Actions', command: -1, input: unlockData, allowRevert: false, unread: 'its actions are not encoded as PositionManager reads them' }] };
    plan = { commands: decoded.actions, inputs: decoded.params };
  }
  if (!plan) return undefined;
  const count = dataLength(plan.commands);
  if (count !== plan.inputs.length) {
    return { ok: false, code: 'lengthMismatch', message: `${counted(count, 'command')} and ${counted(plan.inputs.length, 'input')}` };
  }
  return { ok: true, steps: readSteps(kind, plan.commands, plan.inputs, descriptors, call, '') };
}

/** A step's label on the screen: its place, and that the plan goes on when it fails. */
export const stepLabel = (step: PlanStep): string => (step.allowRevert ? `${step.label} (allowed to fail: the rest still runs)` : step.label);

export const commandByte = (command: number): string => `0x${command.toString(16).padStart(2, '0')}`;

/** A step the wallet does not read, as the screen lists it: why, and its bytes (`source`: the contract's descriptor). */
export const unreadStep = (step: PlanStep, source: string): ClearSigned => ({
  intent: `Not read by the wallet: ${step.unread}`,
  source,
  fields: [],
  uncovered: [...(step.command >= 0 ? [{ path: 'command', text: commandByte(step.command) }] : []), { path: 'input', text: step.input }],
});
