/**
 * The wallet's DeleGator build (DELEGATOR_V08): its creation code, from the framework's own package
 * (@metamask/delegation-abis, never re-written), with the canonical DelegationManager and the EntryPoint v0.8 as its
 * constructor arguments; the call that deploys it through the deterministic deployer; and the check of the code a
 * chain holds at its address. In the worker's later script only (the creation code is 20 KB): grantCode.ts's facade.
 */
import { EIP7702StatelessDeleGator } from '@metamask/delegation-abis/bytecode';
import { AbiCoder, concat, id, keccak256, toBeHex } from 'ethers';
import { DELEGATOR_V08, ENTRY_POINT_V08 } from '../../shared/contracts';
import type { Hex } from '../../shared/params';
import type { BatchCall } from '../batches/types';
import { frameworkOn } from './framework';

/** Arachnid's deterministic deployer, at the same address on every chain that has it: data = salt ‖ initcode runs CREATE2. */
export const CREATE2_DEPLOYER: Hex = '0x4e59b44847b379578588920ca78fbf26c0b4956c';
/**
 * Its runtime code, the same wherever it is (its keyless deployment, or a chain's predeploy: anvil's, the OP Stack's):
 * other code at that address would make the deployment a call into a contract the wallet does not know.
 */
export const DEPLOYER_CODE: Hex = '0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe03601600081602082378035828234f58015156039578182fd5b8082525050506014600cf3';
/** The framework's deployment salt, as its scripts encode it: "GATOR"'s bytes, right-padded to 32. */
export const DELEGATOR_SALT: Hex = `0x${'4741544f52'.padEnd(64, '0')}`;

const abi = AbiCoder.defaultAbiCoder();

/** The DeleGator's creation code with its constructor arguments: the canonical DelegationManager, the v0.8 EntryPoint. */
export const delegatorInitcode = (): Hex =>
  concat([EIP7702StatelessDeleGator, abi.encode(['address', 'address'], [frameworkOn(1)!.delegationManager, ENTRY_POINT_V08])]) as Hex;

/** The one call that deploys DELEGATOR_V08 on a chain that lacks it. */
export const deployCall = (): BatchCall => ({ to: CREATE2_DEPLOYER, value: '0x0', data: concat([DELEGATOR_SALT, delegatorInitcode()]) as Hex });

/** Where the constructor writes the chain into the runtime code (byte offsets): its EIP-712 chain id and domain separator. */
const CHAIN_ID_AT = 5801;
const DOMAIN_SEPARATOR_AT = 5843;
/** The runtime code's hash with those two words zeroed: the same on every chain (measured on chains 31337 and 8453). */
const CODE_HASH_WITHOUT_CHAIN = '0x8ec996d62195c17db876e4fb22a877270ea4ed95b2aa9d8368a1fdcd2f5b49f2';

/** The DeleGator's EIP-712 domain separator on `chainId` (name and version as its eip712Domain() answers). */
export const deleGatorDomainSeparator = (chainId: bigint): Hex =>
  keccak256(abi.encode(
    ['bytes32', 'bytes32', 'bytes32', 'uint256', 'address'],
    [id('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)'), id('EIP7702StatelessDeleGator'), id('1'), chainId, DELEGATOR_V08],
  )) as Hex;

/** Whether `code` (read at DELEGATOR_V08) is our build's runtime code as deployed on `chainId`, word for word. */
export function isDeleGatorCode(code: Hex, chainId: bigint): boolean {
  const words: [number, Hex][] = [[CHAIN_ID_AT, toBeHex(chainId, 32) as Hex], [DOMAIN_SEPARATOR_AT, deleGatorDomainSeparator(chainId)]];
  const at = (offset: number) => 2 + offset * 2;
  let rest = code.toLowerCase();
  for (const [offset, word] of words) {
    if (rest.slice(at(offset), at(offset) + 64) !== word.slice(2)) return false;
    rest = rest.slice(0, at(offset)) + '0'.repeat(64) + rest.slice(at(offset) + 64);
  }
  return keccak256(rest) === CODE_HASH_WITHOUT_CHAIN;
}
