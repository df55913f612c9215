/** eth_sendTransaction params: one transaction object, every field checked, absent ones filled in by the wallet. */
import { invalidParams } from '../errors';
import { address, data, object, positional, quantity, recipient, type Hex } from '../params';

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

const optionalQuantity = (value: unknown, field: string): bigint | undefined =>
  value === undefined || value === null ? undefined : BigInt(quantity(value, `transaction.${field}`));

export function parseSendTransaction(params: unknown): TransactionRequest {
  const tx = object(positional(params, 'eth_sendTransaction', 1)[0], 'transaction');
  if (tx.data != null && tx.input != null && tx.data !== tx.input) throw invalidParams('transaction.data and transaction.input differ; send one of them');
  const payload = tx.data ?? tx.input;
  const parsed: TransactionRequest = {
    from: address(tx.from, 'transaction.from'),
    value: optionalQuantity(tx.value, 'value') ?? 0n,
    data: payload == null ? '0x' : data(payload, 'transaction.data'),
  };
  if (tx.to != null) parsed.to = recipient(tx.to, 'transaction.to');
  if (!parsed.to && parsed.data === '0x') throw invalidParams('transaction.to is missing and there is no data: a contract creation needs its bytecode in data');
  const gas = optionalQuantity(tx.gas, 'gas');
  if (gas !== undefined) parsed.gas = gas;
  const gasPrice = optionalQuantity(tx.gasPrice, 'gasPrice');
  const maxFeePerGas = optionalQuantity(tx.maxFeePerGas, 'maxFeePerGas');
  const maxPriorityFeePerGas = optionalQuantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas');
  if (gasPrice !== undefined && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) {
    throw invalidParams('transaction has both gasPrice and EIP-1559 fees; send one kind');
  }
  // A legacy gas price becomes an EIP-1559 cap that pays exactly that price.
  if (gasPrice !== undefined) Object.assign(parsed, { maxFeePerGas: gasPrice, maxPriorityFeePerGas: gasPrice });
  if (maxFeePerGas !== undefined) parsed.maxFeePerGas = maxFeePerGas;
  if (maxPriorityFeePerGas !== undefined) parsed.maxPriorityFeePerGas = maxPriorityFeePerGas;
  if ((parsed.maxFeePerGas === undefined) !== (parsed.maxPriorityFeePerGas === undefined)) {
    throw invalidParams('transaction.maxFeePerGas and transaction.maxPriorityFeePerGas go together');
  }
  const nonce = optionalQuantity(tx.nonce, 'nonce');
  if (nonce !== undefined) parsed.nonce = Number(nonce);
  if (tx.chainId != null) parsed.chainId = quantity(tx.chainId, 'transaction.chainId');
  return parsed;
}
