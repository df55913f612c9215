/**
 * Seeded random calls of every function of the wallet's ERC-7730 descriptors (a case that fails fails again): what the
 * clear-signing and the user-shown checks run over (rpc/shownCases.fixture.ts).
 */
import { FunctionFragment, Interface, MaxUint256, hexlify, type ParamType } from 'ethers';
import { BAYC, SIGNER, UNIVERSAL_ROUTER, USDC, descriptors } from '../../shared/erc7730/samples.fixture';
import type { Hex } from '../../shared/params';
import { EOA, abi } from './calls.fixture';

/** A seeded generator (mulberry32): a case that fails fails again on every run. */
export function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (below: number) => Math.floor(next() * below);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)];
  return { int, pick };
}

/** Arguments for `param` a dapp could send: real addresses, bounds, an approve inside `bytes` (a multicall's call). */
export function argument(param: ParamType, r: ReturnType<typeof random>): unknown {
  if (param.isArray()) return Array.from({ length: param.arrayLength >= 0 ? param.arrayLength : 1 + r.int(2) }, () => argument(param.arrayChildren, r));
  if (param.isTuple()) return param.components.map((c) => argument(c, r));
  const type = param.type;
  if (type === 'address') return r.pick([EOA, USDC, BAYC, UNIVERSAL_ROUTER, SIGNER]);
  if (type === 'bool') return r.int(2) === 1;
  if (type === 'string') return 'x';
  if (type === 'bytes') return r.pick(['0x', abi.encodeFunctionData('approve', [EOA, MaxUint256]), hexlify(new Uint8Array(5).fill(7))]);
  if (type.startsWith('bytes')) return hexlify(new Uint8Array(Number(type.slice(5))).fill(0x11));
  const bits = Number(type.replace(/^u?int/, '') || 256);
  const max = (1n << BigInt(bits)) - 1n;
  if (type.startsWith('uint')) return r.pick([0n, 1n, 10n ** 6n < max ? 10n ** 6n : 2n, max]);
  return r.pick([0n, 1n, -1n]);
}

/** The contract a descriptor speaks for on mainnet, or a token of its kind when it names none. */
function contractOf(source: string | undefined, deployments: { chainId: number; address: string }[] | undefined): Hex {
  const mainnet = deployments?.find((d) => d.chainId === 1)?.address;
  if (mainnet) return mainnet as Hex;
  return (source === 'calldata-nft.json' ? BAYC : USDC) as Hex;
}

/**
 * A call for every function of the descriptor corpus (public/erc7730/), with arguments drawn by `seed`. The account's
 * own execute/executeBatch are left out: the wallet refuses a call into the sending account (-32602); so are the
 * pseudo-functions of Uniswap's commands, which no call binds.
 */
export function corpusCalls(seed: number): { name: string; call: { to: Hex; value: Hex; data: Hex } }[] {
  const r = random(seed);
  return descriptors.flatMap((descriptor) => {
    const context = descriptor.context.contract;
    // A descriptor naming no deployment binds nothing by itself (Uniswap's commands: only behind the router's execute).
    if (!context || descriptor.source === 'calldata-simple7702account.json' || context.deployments?.length === 0) return [];
    const to = contractOf(descriptor.source, context.deployments);
    return Object.keys(descriptor.display.formats).map((key) => {
      const fragment = FunctionFragment.from(key);
      const data = new Interface([fragment]).encodeFunctionData(fragment, fragment.inputs.map((input) => argument(input, r))) as Hex;
      return { name: `${descriptor.source} ${key.slice(0, key.indexOf('('))}`, call: { to, value: '0x0', data } };
    });
  });
}
