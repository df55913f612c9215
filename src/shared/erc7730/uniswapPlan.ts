/**
 * Uniswap's plans: the Universal Router's `execute(commands, inputs[, deadline])` and v4's PositionManager
 * `modifyLiquidities(unlockData, deadline)` run a list of one-byte commands (v4: actions), each with its ABI-encoded
 * input. The wallet reads each as a call of a pseudo-function named after the command, whose parameters are the
 * command's input ("V3_SWAP_EXACT_IN(address recipient,…)"), worded by its own descriptors
 * (public/erc7730/calldata-uniswap-router-commands.json, calldata-uniswap-v4-actions.json). Those name no deployment,
 * so they bind nothing by themselves: only here, behind a router or PositionManager call their descriptors bound.
 *
 * The numbers and encodings are Uniswap's, with their sources: uniswapCommands.ts.
 */
import { AbiCoder, dataLength, dataSlice, getAddress, id } from 'ethers';
import { counted, phrase, type DangerPhraseKey, type Phrase } from '../dangerPhrases';
import type { Hex } from '../params';
import type { Words } from '../words';
import { bindCall, functionOf, type Bound } from './bind';
import type { ClearSigned, Descriptor } from './types';
import { PLAN_CONTRACTS, ROUTER_COMMANDS, TABLES, V4_ACTIONS, type PlanKind } from './uniswapCommands';
import { ALL_ACTIONS, BAD_ACTIONS, BAD_INPUT, BAD_PATH, NO_WORDS, UNKNOWN, extraBytes, stepPlace, unpaired } from './uniswapUnread';

/** ActionConstants.MSG_SENDER and ADDRESS_THIS: the router and PositionManager map them before paying anyone. */
const MSG_SENDER = '0x0000000000000000000000000000000000000001';
const ADDRESS_THIS = '0x0000000000000000000000000000000000000002';
/** The parameters the contracts pass through that mapping (Dispatcher.map, _mapRecipient). */
const MAPPED = ['recipient', 'owner', 'to'];

/** In the words of its pseudo-function, or (`unread`) what the wallet could not do to read it. */
type StepRead = { bound: Bound; unread?: undefined } | { bound?: undefined; unread: Phrase };

/** One command (or v4 action) of a plan: in the words of its pseudo-function, or why the wallet cannot read it. */
export type PlanStep = StepRead & {
  /** "Command 1", "Command 2 › Action 1". */
  label: string;
  /** `label` in words: the wallet makes it, so the screen says it in the browser's language. */
  labelWords: Words<DangerPhraseKey>;
  /** The command byte as sent. */
  command: number;
  input: Hex;
  /** The router's FLAG_ALLOW_REVERT: the plan goes on when this command fails. */
  allowRevert: boolean;
};

export type PlanRead =
  | { ok: true; steps: PlanStep[] }
  /** The contract refuses the plan as a whole (the router's LengthMismatch): it fails, whatever its commands. */
  | { ok: false; code: 'lengthMismatch'; problem: Phrase };

/** Who the plan runs for: the one calling the contract (MSG_SENDER) and the contract (ADDRESS_THIS). */
export interface PlanCall {
  chainId: bigint;
  contract: Hex;
  sender: Hex;
}

const coder = AbiCoder.defaultAbiCoder();
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

function readStep(words: Descriptor | undefined, signature: string | undefined, input: Hex, call: PlanCall): StepRead {
  if (!signature) return { unread: UNKNOWN };
  const key = words && keyFor(words, signature);
  if (!words || !key) return { unread: NO_WORDS };
  // Bound as its own pseudo-function, anywhere: the contract's descriptor already checked where the call goes.
  const generic: Descriptor = { ...words, context: { ...words.context, contract: { ...words.context.contract, deployments: undefined } }, display: { ...words.display, formats: { [key]: words.display.formats[key] } } };
  const bound = bindCall([generic], { chainId: call.chainId, to: call.contract, data: `${id(signature).slice(0, 10)}${input.slice(2)}` as Hex });
  if (!bound) return { unread: BAD_INPUT };
  if (bound.extra) return { unread: extraBytes(dataLength(bound.extra)) };
  const data = derived(signature.slice(0, signature.indexOf('(')), bound.data, call);
  if (!data) return { unread: BAD_PATH };
  return { bound: { ...bound, data } };
}

function readSteps(kind: PlanKind, commands: Hex, inputs: Hex[], descriptors: Descriptor[], call: PlanCall, outer?: Phrase): PlanStep[] {
  const table = TABLES[kind];
  const words = byId(descriptors, kind.startsWith('router') ? ROUTER_COMMANDS : V4_ACTIONS);
  const bytes = Array.from({ length: dataLength(commands) }, (_, i) => Number(BigInt(dataSlice(commands, i, i + 1))));
  return bytes.flatMap((command, i): PlanStep[] => {
    const type = command & table.mask;
    const allowRevert = table.mask !== 0xff && (command & 0x80) !== 0;
    const place = stepPlace(table.noun, i, outer);
    const step: PlanStep = { label: place.text, labelWords: place.words, command, input: inputs[i], allowRevert, ...readStep(words, table.signatures[type], inputs[i], call) };
    if (!table.nested || type !== table.nested.command || !step.bound) return [step];
    const { actions, params } = step.bound.data as { actions: Hex; params: Hex[] };
    if (dataLength(actions) !== params.length) return [{ ...step, bound: undefined, unread: unpaired(dataLength(actions), params.length) }];
    return [step, ...readSteps(table.nested.kind, actions, params, descriptors, call, place)];
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
    if (!decoded) return { ok: true, steps: [{ label: ALL_ACTIONS.text, labelWords: ALL_ACTIONS.words, command: -1, input: unlockData, allowRevert: false, unread: BAD_ACTIONS }] };
    plan = { commands: decoded.actions, inputs: decoded.params };
  }
  if (!plan) return undefined;
  const count = dataLength(plan.commands);
  if (count !== plan.inputs.length) {
    const [commands, inputs] = [counted(count, 'command'), counted(plan.inputs.length, 'input')];
    return { ok: false, code: 'lengthMismatch', problem: phrase(`${commands.text} and ${inputs.text}`, 'dangers_planMismatch', { commands: commands.words, inputs: inputs.words }) };
  }
  return { ok: true, steps: readSteps(kind, plan.commands, plan.inputs, descriptors, call) };
}

/** A step's label on the screen: its place, and that the plan goes on when it fails. */
export const stepLabel = ({ label, labelWords, allowRevert }: PlanStep): Phrase =>
  allowRevert ? phrase(`${label} (allowed to fail: the rest still runs)`, 'dangers_stepMayFail', { label: labelWords }) : { text: label, words: labelWords };

export const commandByte = (command: number): string => `0x${command.toString(16).padStart(2, '0')}`;

/** A step the wallet does not read, as the screen lists it: why, and its bytes (`source`: the contract's descriptor). */
export const unreadStep = (step: PlanStep & { unread: Phrase }, source: string): ClearSigned => ({
  intent: `Not read by the wallet: ${step.unread.text}`,
  intentWords: { key: 'dangers_stepNotRead', values: { reason: step.unread.words } },
  source,
  fields: [],
  uncovered: [...(step.command >= 0 ? [{ path: 'command', text: commandByte(step.command) }] : []), { path: 'input', text: step.input }],
});
