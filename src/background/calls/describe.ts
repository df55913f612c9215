/** What a call does, for the approval screens: token actions worded, known functions named, the rest as raw data. */
import { dataLength, type ParamType, type Result, type TransactionDescription } from 'ethers';
import { decodeCalldata, extraBytes } from '../../shared/calldata';
import type { DecodedCall, TokenAction } from '../../shared/decodedCall';
import type { Hex } from '../../shared/params';
import { isUnlimited } from '../../shared/units';
import { COMMON_FUNCTIONS, PERMIT2, PERMIT2_FUNCTIONS, TOKEN_FUNCTIONS } from './signatures';

/** Calldata beyond this is not carried to the screen (its size still is): no one reads kilobytes of hex. */
export const RAW_DATA_SHOWN = 1024;

export interface CallInput {
  to?: Hex;
  /** Wei, hex. */
  value: Hex;
  data: Hex;
}

function shown(type: ParamType, value: unknown): string {
  if (type.isArray()) return `[${(value as unknown[]).map((v) => shown(type.arrayChildren, v)).join(', ')}]`;
  if (type.isTuple()) return `(${type.components.map((c, i) => shown(c, (value as Result)[i])).join(', ')})`;
  return String(value);
}

function tokenAction(to: Hex, parsed: TransactionDescription): TokenAction | undefined {
  const a = parsed.args;
  const s = (i: number) => String(a[i]) as Hex;
  switch (parsed.signature) {
    case 'transfer(address,uint256)':
      return { kind: 'transfer', standard: 'erc20', token: to, to: s(0), amount: s(1) };
    case 'transferFrom(address,address,uint256)':
      return { kind: 'transfer', standard: 'erc20', token: to, from: s(0), to: s(1), amount: s(2) };
    case 'approve(address,uint256)':
      return { kind: 'approve', standard: 'erc20', token: to, spender: s(0), amount: s(1), unlimited: isUnlimited(a[1] as bigint) };
    case 'increaseAllowance(address,uint256)':
      return { kind: 'approve', standard: 'erc20', token: to, spender: s(0), amount: s(1), unlimited: isUnlimited(a[1] as bigint) };
    case 'safeTransferFrom(address,address,uint256)':
    case 'safeTransferFrom(address,address,uint256,bytes)':
      return { kind: 'transfer', standard: 'erc721', token: to, from: s(0), to: s(1), amount: '1', tokenId: s(2) };
    case 'safeTransferFrom(address,address,uint256,uint256,bytes)':
      return { kind: 'transfer', standard: 'erc1155', token: to, from: s(0), to: s(1), amount: s(3), tokenId: s(2) };
    case 'setApprovalForAll(address,bool)':
      return { kind: 'approveAll', token: to, operator: s(0), approved: a[1] as boolean };
    default:
      return undefined;
  }
}

/** Loads ethers' ABI code (abi/loadAbi.ts) only for calldata that may name a function: a selector, to a contract. */
export async function describeCall(call: CallInput): Promise<DecodedCall> {
  const size = dataLength(call.data);
  const described: DecodedCall = { to: call.to, value: BigInt(call.value).toString(), dataSize: size };
  if (size === 0) return described;
  described.data = (size > RAW_DATA_SHOWN ? call.data.slice(0, 2 + RAW_DATA_SHOWN * 2) : call.data) as Hex;
  if (size < 4 || !call.to) return described;
  described.selector = call.data.slice(0, 10) as Hex;
  // A function is named only when the data starts with its canonical encoding; bytes after it are named beside it.
  const permit2 = call.to.toLowerCase() === PERMIT2.toLowerCase() ? decodeCalldata(await PERMIT2_FUNCTIONS(), call.data) : undefined;
  const decoded = permit2 ?? decodeCalldata(await TOKEN_FUNCTIONS(), call.data) ?? decodeCalldata(await COMMON_FUNCTIONS(), call.data);
  if (!decoded) return described;
  const { parsed, extra } = decoded;
  described.fn = { signature: parsed.signature, args: parsed.fragment.inputs.map((input, i) => ({ name: input.name, value: shown(input, parsed.args[i]) })) };
  if (extra !== '0x') described.afterArguments = extraBytes(extra, RAW_DATA_SHOWN);
  if (permit2) {
    const [token, spender, amount] = parsed.args as unknown as [Hex, Hex, bigint];
    described.action = { kind: 'approve', standard: 'permit2', token, spender, amount: amount.toString(), unlimited: isUnlimited(amount, 160) };
  } else {
    described.action = tokenAction(call.to, parsed);
  }
  return described;
}

