/** eth_sendTransaction params: one transaction object, every field checked, absent ones filled in by the wallet. */
import { invalidParams } from '../errors';
import { address, data, nonce, object, positional, recipient, uint256, type Hex } from '../params';

export interface TransactionRequest {
  from: Hex;
  /** Absent for a contract creation. */
  to?: Hex;
  value: bigint;
  data: Hex;
  gas?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  nonce?: number;
  chainId?: Hex;
}

const given = (value: unknown): boolean => value !== undefined && value !== null;
const optional = <T>(value: unknown, parse: (value: unknown, field: string) => T, field: string): T | undefined =>
  given(value) ? parse(value, `transaction.${field}`) : undefined;

/** Legacy, EIP-2930 and EIP-1559; an EIP-7702 authorization list comes only through wallet_sendCalls. */
const TYPES = [0n, 1n, 2n];

function gasOf(tx: Record<string, unknown>): bigint | undefined {
  const gas = optional(tx.gas, uint256, 'gas');
  const gasLimit = optional(tx.gasLimit, uint256, 'gasLimit');
  if (gas !== undefined && gasLimit !== undefined && gas !== gasLimit) {
    throw invalidParams(`transaction.gas ${tx.gas as string} and transaction.gasLimit ${tx.gasLimit as string} differ; send one of them`);
  }
  return gas ?? gasLimit;
}

/** The fee caps; a legacy gas price becomes an EIP-1559 cap that pays exactly that price. */
function feesOf(tx: Record<string, unknown>): Pick<TransactionRequest, 'maxFeePerGas' | 'maxPriorityFeePerGas'> {
  const gasPrice = optional(tx.gasPrice, uint256, 'gasPrice');
  const maxFeePerGas = optional(tx.maxFeePerGas, uint256, 'maxFeePerGas');
  const maxPriorityFeePerGas = optional(tx.maxPriorityFeePerGas, uint256, 'maxPriorityFeePerGas');
  if (gasPrice !== undefined && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) {
    throw invalidParams('transaction has both gasPrice and EIP-1559 fees; send one kind');
  }
  if (gasPrice !== undefined) return { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice };
  if ((maxFeePerGas === undefined) !== (maxPriorityFeePerGas === undefined)) {
    throw invalidParams('transaction.maxFeePerGas and transaction.maxPriorityFeePerGas go together');
  }
  if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) return {};
  if (maxPriorityFeePerGas > maxFeePerGas) {
    throw invalidParams(`transaction.maxPriorityFeePerGas ${maxPriorityFeePerGas} is above transaction.maxFeePerGas ${maxFeePerGas}`);
  }
  return { maxFeePerGas, maxPriorityFeePerGas };
}

export function parseSendTransaction(params: unknown): TransactionRequest {
  const tx = object(positional(params, 'eth_sendTransaction', 1)[0], 'transaction');
  const type = optional(tx.type, uint256, 'type');
  if (type !== undefined && !TYPES.includes(type)) {
    throw invalidParams(`transaction.type 0x${type.toString(16)} is not supported: eth_sendTransaction takes 0x0, 0x1 or 0x2 (type 0x4 only through wallet_sendCalls)`);
  }
  if (given(tx.data) && given(tx.input) && tx.data !== tx.input) throw invalidParams('transaction.data and transaction.input differ; send one of them');
  const payload = tx.data ?? tx.input;
  const parsed: TransactionRequest = {
    from: address(tx.from, 'transaction.from'),
    value: optional(tx.value, uint256, 'value') ?? 0n,
    data: payload == null ? '0x' : data(payload, 'transaction.data'),
    ...feesOf(tx),
  };
  if (given(tx.to)) parsed.to = recipient(tx.to, 'transaction.to');
  if (!parsed.to && parsed.data === '0x') throw invalidParams('transaction.to is missing and there is no data: a contract creation needs its bytecode in data');
  const gas = gasOf(tx);
  if (gas !== undefined) parsed.gas = gas;
  const txNonce = optional(tx.nonce, nonce, 'nonce');
  if (txNonce !== undefined) parsed.nonce = txNonce;
  const chainId = optional(tx.chainId, uint256, 'chainId');
  if (chainId !== undefined) parsed.chainId = `0x${chainId.toString(16)}`;
  return parsed;
}
