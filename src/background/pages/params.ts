/** Schemas of the pages' params: the extension's own pages are trusted more than a dapp, but still checked. */
import { invalidParams } from '../../shared/errors';
import type { PopupTransaction } from '../../shared/pages';
import { address, data, object, quantity, recipient, type Hex } from '../../shared/params';

export const none = (): Record<never, never> => ({});

export function fields(params: unknown): Record<string, unknown> {
  return object(params ?? {}, 'params');
}

export function text(value: unknown, field: string): string {
  if (typeof value !== 'string') throw invalidParams(`${field} must be a string`);
  return value;
}

export const accountParam = (params: unknown): { address: Hex } => ({ address: address(fields(params).address, 'address') });

export const chainParam = (params: unknown): { chainId: Hex } => ({ chainId: quantity(fields(params).chainId, 'chainId') });

/** An account's list on one chain (tokens). */
export function accountOnChain(params: unknown): { account: Hex; chainId: Hex } {
  const p = fields(params);
  return { account: address(p.account, 'account'), chainId: quantity(p.chainId, 'chainId') };
}

/** The popup's transaction: the recipient's checksum is checked as a dapp's `to` is. */
export function popupTransaction(params: unknown): PopupTransaction {
  const p = fields(params);
  const fees = fields(p.fees);
  return {
    to: recipient(p.to, 'to'),
    value: quantity(p.value, 'value'),
    data: data(p.data, 'data'),
    gas: quantity(p.gas, 'gas'),
    fees: { maxFeePerGas: quantity(fees.maxFeePerGas, 'fees.maxFeePerGas'), maxPriorityFeePerGas: quantity(fees.maxPriorityFeePerGas, 'fees.maxPriorityFeePerGas') },
  };
}
