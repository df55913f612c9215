/**
 * Uniswap's command tables: which table each router version and the PositionManager run, each command's (v4: action's)
 * number, its input's ABI encoding as a pseudo-function signature, and the mask a command byte is read with. Sources:
 * Uniswap/universal-router Commands.sol and Dispatcher.sol at 1.2 (3e16080e), 2.0.0 (f79755c6) and 2.1.1 (a733f068);
 * Uniswap/v4-periphery Actions.sol, CalldataDecoder.sol, V4Router.sol and PositionManager.sol at 444c526b and 3231810e.
 */

/** Which command table a contract runs, by its descriptor's `context.$id`. */
export type PlanKind = 'router-1.2' | 'router-2.0' | 'router-2.1' | 'v4-router-2.0' | 'v4-router-2.1' | 'positions';

export const PLAN_CONTRACTS: Record<string, PlanKind> = {
  'Uniswap Universal Router 1.2': 'router-1.2',
  'Uniswap Universal Router 2.0': 'router-2.0',
  'Uniswap Universal Router 2.1.1': 'router-2.1',
  'Uniswap v4 PositionManager': 'positions',
};

/** The descriptors that word the commands and the v4 actions (their `context.$id`). */
export const ROUTER_COMMANDS = 'Uniswap Universal Router commands';
export const V4_ACTIONS = 'Uniswap v4 actions';

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
  noun: 'Command' | 'Action';
}

export const TABLES: Record<PlanKind, Table> = {
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
