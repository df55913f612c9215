/**
 * What a USDC paymaster charges, read from the contract each time a fee is quoted: its owner can change the oracle,
 * the spread and the extra gas charge at any time (Circle's is an upgradeable proxy), so none is assumed.
 */
import { id } from 'ethers';
import { ErrorCode, RpcError } from '../../shared/errors';
import { lazy } from '../../shared/lazy';
import { isHexWord, type Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import type { PaymasterTerms } from './quote';

const selectors = lazy(() => ({
  price: id('fetchPrice()').slice(0, 10),
  feeSpread: id('feeSpread()').slice(0, 10),
  additionalGasCharge: id('additionalGasCharge()').slice(0, 10),
}));

/** One uint256 word, or an error naming what the paymaster answered instead. */
async function word(node: ChainNode, paymaster: Hex, name: string, data: string): Promise<bigint> {
  const answer = await node<unknown>('eth_call', [{ to: paymaster, data }, 'latest']);
  if (!isHexWord(answer)) {
    throw new RpcError(ErrorCode.internal, `The USDC paymaster at ${paymaster} answered ${name}() with ${JSON.stringify(answer).slice(0, 80)}, not one uint256 word`);
  }
  return BigInt(answer);
}

/** The paymaster's price of 1 ether in token units, its spread in basis points and its extra gas charge. */
export async function readPaymasterTerms(node: ChainNode, paymaster: Hex): Promise<PaymasterTerms> {
  if ((await node<string>('eth_getCode', [paymaster, 'latest'])) === '0x') {
    throw new RpcError(ErrorCode.resourceUnavailable, `No USDC paymaster at ${paymaster} on this network`);
  }
  const { price, feeSpread, additionalGasCharge } = selectors();
  const [priceWord, spread, charge] = await Promise.all([
    word(node, paymaster, 'fetchPrice', price), word(node, paymaster, 'feeSpread', feeSpread), word(node, paymaster, 'additionalGasCharge', additionalGasCharge),
  ]);
  if (priceWord === 0n) throw new RpcError(ErrorCode.internal, `The USDC paymaster at ${paymaster} has no price for ETH (fetchPrice() is 0)`);
  return { price: priceWord, feeSpread: spread, additionalGasCharge: charge };
}
