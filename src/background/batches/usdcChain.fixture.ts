/**
 * A chain with a USDC paymaster (Circle Paymaster v0.8's interface: $3,000 per ETH, 10% spread, 30,000 gas extra) and
 * its USDC ("USD Coin" v2), an account of `eth` wei and `usdc` token units, and a bundler that estimates any op; what
 * the bundler is sent is kept, and runs on chain only when told (`land`). For the fee in USDC's tests (feeOptions.test.ts,
 * executors/usdc.test.ts).
 */
import { AbiCoder, id, verifyTypedData } from 'ethers';
import { ENTRY_POINT_V08, SIMPLE_7702_ACCOUNT, delegationCode } from '../../shared/contracts';
import { LOCAL_DEVNET, type Network } from '../../shared/networks';
import type { RpcUserOperation } from '../../shared/erc4337';
import type { Hex } from '../../shared/params';
import type { ChainNode } from '../networks/rpcClient';
import { usdcPermit } from '../usdcFees/permit';

export const PAYMASTER = LOCAL_DEVNET.usdcPaymaster!.paymaster;
export const TOKEN = LOCAL_DEVNET.usdcPaymaster!.token;
export const NETWORK: Network = { ...LOCAL_DEVNET, bundlerUrl: 'https://bundler.example/rpc' };

const word = (value: bigint) => AbiCoder.defaultAbiCoder().encode(['uint256'], [value]);
const text = (value: string) => AbiCoder.defaultAbiCoder().encode(['string'], [value]);
const selector = (signature: string) => id(signature).slice(0, 10);

export interface UsdcChain {
  node: ChainNode;
  bundler: ChainNode;
  /** What the bundler was sent (eth_sendUserOperation's ops). */
  sent: unknown[];
  /** Sets the paymaster's price of 1 ether in token units. */
  price(units: bigint): void;
  /** Sets the next block's base fee (wei). */
  baseFee(wei: bigint): void;
  /** What the paymaster's owner set: paused, and the account denied. */
  owner(set: { paused?: boolean; denied?: boolean }): void;
  /**
   * The oldest op sent and not run yet runs in the next block: the account's EntryPoint nonce, its permit's nonce and
   * (an upgrade's authorization applied) its own nonce move on, and it delegates to Simple7702Account.
   */
  land(): void;
  /** How often the node was asked for the EntryPoint nonce (the account's userOps waited on, counted). */
  nonceReads: number;
}

export function usdcChain(funds: { eth: bigint; usdc: bigint }, bundlerFails?: Error): UsdcChain {
  let price = 3_000_000_000n;
  let baseFee = 1_000_000_000n;
  let owner = { paused: false, denied: false };
  const sent: unknown[] = [];
  const ran = { ops: 0, upgraded: false, head: 0x10 };
  const calls = (to: string, data: string): string | undefined => {
    if (to.toLowerCase() === PAYMASTER.toLowerCase()) {
      return {
        [selector('fetchPrice()')]: word(price), [selector('feeSpread()')]: word(1_000n), [selector('additionalGasCharge()')]: word(30_000n),
        [selector('paused()')]: word(owner.paused ? 1n : 0n), [selector('denied(address)')]: word(owner.denied ? 1n : 0n),
      }[data.slice(0, 10)];
    }
    if (to.toLowerCase() === TOKEN.toLowerCase()) {
      return { [selector('name()')]: text('USD Coin'), [selector('version()')]: text('2'), [selector('nonces(address)')]: word(BigInt(ran.ops)), [selector('balanceOf(address)')]: word(funds.usdc) }[data.slice(0, 10)];
    }
    if (to.toLowerCase() === ENTRY_POINT_V08.toLowerCase()) return (chain.nonceReads++, word(BigInt(ran.ops)));
    return undefined;
  };
  const node = (async (method: string, params: unknown[] = []) => {
    switch (method) {
      case 'eth_getCode': {
        const at = String(params[0]).toLowerCase();
        if (at === PAYMASTER.toLowerCase() || at === TOKEN.toLowerCase()) return '0x6080';
        return ran.upgraded ? delegationCode(SIMPLE_7702_ACCOUNT) : '0x';
      }
      case 'eth_getBalance': return `0x${funds.eth.toString(16)}`;
      case 'eth_estimateGas': return '0x10000';
      case 'eth_getTransactionCount': return ran.upgraded ? '0x1' : '0x0';
      case 'eth_blockNumber': return hex(BigInt(ran.head));
      case 'eth_feeHistory': return { baseFeePerGas: [hex(baseFee), hex(baseFee)], gasUsedRatio: [0], reward: [['0x0', '0x0', '0x0']] };
      case 'eth_maxPriorityFeePerGas': return '0x3b9aca00';
      case 'eth_call': {
        const { to, data } = params[0] as { to: string; data: string };
        const answer = calls(to, data);
        if (answer !== undefined) return answer;
      }
    }
    throw new Error(`unexpected ${method}`);
  }) as ChainNode;
  const bundler = (async (method: string, params: unknown[] = []) => {
    if (bundlerFails) throw bundlerFails;
    if (method === 'eth_estimateUserOperationGas') return { callGasLimit: '0x186a0', verificationGasLimit: '0x30d40', preVerificationGas: '0xc350' };
    if (method === 'eth_sendUserOperation') return (sent.push(params[0]), `0x${'ab'.repeat(32)}`);
    throw new Error(`unexpected ${method}`);
  }) as ChainNode;
  const land = () => {
    const op = sent[ran.ops] as { eip7702Auth?: unknown } | undefined;
    if (!op) throw new Error('no op sent to land');
    ran.ops++;
    ran.head++;
    ran.upgraded ||= op.eip7702Auth !== undefined;
  };
  const chain: UsdcChain = { node, bundler, sent, price: (units) => void (price = units), baseFee: (wei) => void (baseFee = wei), owner: (set) => void (owner = { ...owner, ...set }), land, nonceReads: 0 };
  return chain;
}

export const hex = (value: bigint): Hex => `0x${value.toString(16)}`;

/** The permit amount in the paymaster data: encodePacked(uint8 0, address token, uint256 amount, bytes signature). */
export const permitAmount = (op: RpcUserOperation): bigint => BigInt(`0x${op.paymasterData!.slice(2 + 2 * 21, 2 + 2 * 53)}`);

/** Who signed the op's permit, were it `owner`'s at permit nonce `nonce`. */
export function permitSigner(op: RpcUserOperation, owner: Hex, nonce: bigint): string {
  const { domain, types: { EIP712Domain: _domain, ...types }, message } = usdcPermit({
    chainId: NETWORK.chainId, token: { address: TOKEN, name: 'USD Coin', version: '2' }, owner, spender: PAYMASTER, value: permitAmount(op), nonce,
  });
  return verifyTypedData(domain, types, message, `0x${op.paymasterData!.slice(2 + 2 * 53)}`);
}
