/**
 * What differs between the wallet's two delegates (src/shared/delegates.ts) for the batches the account runs: how its
 * batch call is encoded and how its userOp is signed. Every executor asks here; nowhere else branches on the delegate.
 */
import type { BaseWallet } from 'ethers';
import { keccak256 } from 'ethers';
import { keccakWords } from '../../shared/abiWords';
import { ENTRY_POINT_V08 } from '../../shared/contracts';
import { UPGRADE_DELEGATE, type DelegateKind } from '../../shared/delegates';
import { BATCH_MODE, ERC7821_EXECUTE_ABI, decodeExecute, encodeExecutions } from '../../shared/erc7821';
import { packedDigest, userOperationHash, type RpcUserOperation } from '../../shared/erc4337';
import { lazy } from '../../shared/lazy';
import type { Hex } from '../../shared/params';
import { textHash } from '../../shared/utf8';
import { abiInterface } from '../abi/abiInterface';
import { loadAbi } from '../abi/loadAbi';
import { signedData } from './encoding';
import type { BatchCall, BatchRecord } from './types';

export interface DelegateCode {
  /** The account's call to itself that runs `calls` in order, all or none; each call's data as signed (its attribution too). */
  encodeBatch(calls: BatchCall[]): Promise<Hex>;
  /** The userOp with the signature the delegate's validateUserOp accepts (EntryPoint v0.8). */
  signUserOperation(op: RpcUserOperation, chainId: Hex, wallet: BaseWallet): RpcUserOperation;
}

/** The calls as (target, value, data) rows; wallet_sendCalls requires `to`, and only eth_sendTransaction creates contracts, never atomically. */
function rows(calls: BatchCall[]): [Hex, bigint, Hex][] {
  if (calls.some((c) => !c.to)) throw new Error('An atomic batch cannot create a contract');
  return calls.map((c) => [c.to!, BigInt(c.value), signedData(c)]);
}

/** Simple7702Account (ERC-4337 v0.8) BaseAccount.executeBatch, selector 0x34fcd5be. */
const SIMPLE_ACCOUNT = abiInterface(['function executeBatch((address target, uint256 value, bytes data)[] calls)']);

const simple7702Account: DelegateCode = {
  encodeBatch: async (calls) => (await SIMPLE_ACCOUNT()).encodeFunctionData('executeBatch', [rows(calls)]) as Hex,
  // It checks ECDSA.recover(userOpHash, signature) == itself: a raw signature of the EntryPoint's hash, no prefix.
  signUserOperation: (op, chainId, wallet) => ({ ...op, signature: wallet.signingKey.sign(userOperationHash(op, chainId)).serialized as Hex }),
};

/** ERC-7821 execute (selector 0xe9ae5c53), as the DeleGator implements it (ERC-7579 execution modes). */
const DELEGATOR = abiInterface(ERC7821_EXECUTE_ABI);

// The DeleGator's EIP-712 types (DeleGatorCore's PACKED_USER_OP_TYPEHASH and its domain, named after the contract), hashed on first use.
const deleGatorTypeHashes = lazy(() => ({
  packedUserOperation: textHash(
    'PackedUserOperation(address sender,uint256 nonce,bytes initCode,bytes callData,bytes32 accountGasLimits,uint256 preVerificationGas,bytes32 gasFees,bytes paymasterAndData,address entryPoint)',
  ),
  domain: textHash('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'),
  name: textHash('EIP7702StatelessDeleGator'),
  version: textHash('1'),
}));

/**
 * The DeleGator signs its own EIP-712 hash of the packed userOp and the EntryPoint's address (so a signature for one
 * EntryPoint is refused by another), in the domain of the account itself. An account on it is already delegated: a
 * userOp that upgrades (factory 0x7702) delegates to Simple7702Account and is never signed here.
 */
function deleGatorUserOperationHash(op: RpcUserOperation, chainId: Hex): Hex {
  if (op.factory !== undefined) throw new Error('A DeleGator account is already delegated: its userOp carries no upgrade');
  const types = deleGatorTypeHashes();
  const packed = packedDigest(op, undefined);
  const struct = keccakWords([
    types.packedUserOperation, packed.sender, packed.nonce, packed.initCodeHash, packed.callDataHash, packed.accountGasLimits,
    packed.preVerificationGas, packed.gasFees, packed.paymasterAndDataHash, ENTRY_POINT_V08,
  ]);
  const domain = keccakWords([types.domain, types.name, types.version, BigInt(chainId), op.sender]);
  return keccak256(`0x1901${domain.slice(2)}${struct.slice(2)}`) as Hex;
}

const deleGator: DelegateCode = {
  async encodeBatch(calls) {
    const [account, abi] = await Promise.all([DELEGATOR(), loadAbi()]);
    return account.encodeFunctionData('execute', [BATCH_MODE, encodeExecutions(abi.AbiCoder.defaultAbiCoder(), rows(calls))]) as Hex;
  },
  signUserOperation: (op, chainId, wallet) => ({ ...op, signature: wallet.signingKey.sign(deleGatorUserOperationHash(op, chainId)).serialized as Hex }),
};

export const DELEGATE_CODE: Record<DelegateKind, DelegateCode> = { simple7702Account, deleGator };

/** The calls of a DeleGator's `execute` in the modes the wallet words (shared/erc7821.ts), or undefined for any other data. */
export async function deleGatorCalls(data: Hex): Promise<BatchCall[] | undefined> {
  const [account, abi] = await Promise.all([DELEGATOR(), loadAbi()]);
  return decodeExecute(account, abi.AbiCoder.defaultAbiCoder(), data)
    ?.map(({ target, value, callData }) => ({ to: target, value: `0x${value.toString(16)}` as Hex, data: callData }));
}

/**
 * The account's own DeleGator `execute` as Simple7702Account's `executeBatch` of the same calls, for the words of the
 * account's own batch call (clearSigning/calls.ts): no ERC-7730 descriptor reads calls abi-encoded inside `bytes`.
 * Undefined for anything deleGatorCalls does not read.
 */
export async function asExecuteBatch(data: Hex): Promise<Hex | undefined> {
  const calls = await deleGatorCalls(data);
  return calls && simple7702Account.encodeBatch(calls);
}

/** The delegate a batch runs through: the one its account was on when planned, Simple7702Account for an upgrade (and records from before delegates were kept). */
export const delegateOfBatch = (batch: Pick<BatchRecord, 'delegate' | 'upgrade'>): DelegateCode =>
  DELEGATE_CODE[batch.upgrade ? UPGRADE_DELEGATE : (batch.delegate ?? UPGRADE_DELEGATE)];
