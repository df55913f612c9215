/**
 * The L1 data fee of OP-stack chains: charged on top of the L2 gas for posting the transaction's bytes to Ethereum,
 * priced by the GasPriceOracle predeploy. The wallet starts from `getL1FeeUpperBound(size)`, which the oracle provides
 * for wallets estimating in the write path since Fjord (an upper bound covering 99.99% of transactions' compressed
 * size); an oracle from before Fjord is asked `getL1Fee(bytes)` of the unsigned transaction instead. Either prices
 * with Ethereum's fees as of now, and the chain charges them as of inclusion: the figure shown, the balance check and
 * Max count L1_FEE_ROOM times it, so the "up to" figure holds.
 */
import { OP_STACK_CHAIN_IDS } from '../../shared/networks';
import type { Network } from '../../shared/networks';
import { ErrorCode, RpcError } from '../../shared/errors';
import { lazy } from '../../shared/lazy';
import { isHexWord, type Hex } from '../../shared/params';
import { textHash } from '../../shared/utf8';
import { loadAbi } from '../abi/loadAbi';
import type { ChainNode } from '../networks/rpcClient';

export const GAS_PRICE_ORACLE: Hex = '0x420000000000000000000000000000000000000F';

const selector = (signature: string): string => textHash(signature).slice(0, 10);
/** The oracle's two functions, hashed on the first fee asked. */
const oracleSelectors = lazy(() => ({ upperBound: selector('getL1FeeUpperBound(uint256)'), l1Fee: selector('getL1Fee(bytes)') }));

/**
 * Room for the L1 fee to rise between the screen and inclusion. The oracle prices with Ethereum's base fee and blob
 * base fee as the L2 last learned them; the chain charges those of the L1 block current at inclusion. Each can rise at
 * most 12.5% per L1 block (EIP-1559; EIP-4844's blob fee less), so doubling takes six blocks, over a minute: the same
 * room to double that the market tier leaves the L2 base fee in maxFeePerGas (./tiers.ts). One room for every tier:
 * the L1 fee buys no priority, it is charged whatever the tier.
 */
export const L1_FEE_ROOM = 2n;

/** Per chain id, for the worker's life: whether the predeploy has code does not change. */
const detected = new Map<Hex, Promise<boolean>>();

/**
 * Whether the chain charges an L1 data fee: for built-in networks the release knows; another network is on the OP
 * stack when the predeploy has code (one eth_getCode, remembered; a failed read is asked again next time).
 */
function isOpStack(node: ChainNode, network: Pick<Network, 'chainId' | 'builtIn'>): Promise<boolean> {
  const chainId = `0x${BigInt(network.chainId).toString(16)}` as Hex;
  if (network.builtIn || OP_STACK_CHAIN_IDS.has(chainId)) return Promise.resolve(OP_STACK_CHAIN_IDS.has(chainId));
  let known = detected.get(chainId);
  if (!known) {
    known = node<Hex>('eth_getCode', [GAS_PRICE_ORACLE, 'latest']).then((code) => code !== '0x');
    detected.set(chainId, known);
    known.catch(() => detected.delete(chainId));
  }
  return known;
}

/** The oracle's answer, one uint256 word: anything else (a negative or decimal number a node made up) is refused. */
async function oracle(node: ChainNode, data: string): Promise<bigint> {
  const answer = await node<unknown>('eth_call', [{ to: GAS_PRICE_ORACLE, data }, 'latest']);
  if (!isHexWord(answer)) {
    throw new RpcError(ErrorCode.internal, `The node's GasPriceOracle answered ${JSON.stringify(answer).slice(0, 80)}, not a fee (one uint256 word)`);
  }
  return BigInt(answer);
}

/** One transaction's bound: by its size since Fjord, else the oracle's fee for its bytes. */
async function upperBound(node: ChainNode, unsigned: Hex): Promise<bigint> {
  const size = (unsigned.length - 2) / 2;
  const abi = (await loadAbi()).AbiCoder.defaultAbiCoder();
  try {
    return await oracle(node, oracleSelectors().upperBound + abi.encode(['uint256'], [size]).slice(2));
  } catch {
    return oracle(node, oracleSelectors().l1Fee + abi.encode(['bytes'], [unsigned]).slice(2));
  }
}

/**
 * The most the chain charges on top of L2 gas for the unsigned transactions `unsigned` makes by their inclusion (0 off
 * the OP stack). Made only on the OP stack: their bytes need the transaction code of the worker's later script.
 */
export async function l1FeeUpperBound(node: ChainNode, network: Pick<Network, 'chainId' | 'builtIn'>, unsigned: () => Promise<Hex[]>): Promise<bigint> {
  if (!(await isOpStack(node, network))) return 0n;
  const bounds = await Promise.all((await unsigned()).map((tx) => upperBound(node, tx)));
  return L1_FEE_ROOM * bounds.reduce((sum, bound) => sum + bound, 0n);
}
