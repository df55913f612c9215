/**
 * MetaMask's Delegation Framework 1.3.0 on the devnet, for execution permissions (ERC-7715): the DelegationManager
 * and every caveat enforcer at the canonical addresses MetaMask deployed them at on every chain, and the wallet's
 * EIP7702StatelessDeleGator (src/shared/contracts.ts DELEGATOR_V08) at its CREATE2 address.
 *
 * The framework's published creation code (@metamask/delegation-abis) does not land at the canonical addresses through
 * the deterministic deployer (MetaMask deployed them otherwise), so those get their runtime code with anvil_setCode:
 * the code their constructor returns, run by eth_call with the canonical addresses as its arguments. Constructors
 * that write storage (the DelegationManager's owner) leave it empty there: nothing on the devnet needs an owner.
 * The DeleGator is deployed for real, by a deployer of its own so that no devnet account's nonce moves, from the
 * creation code the wallet deploys it with where a chain lacks it (src/background/executionPermissions/deleGator.ts).
 */
import { setTimeout as delay } from 'node:timers/promises';
import * as bytecodes from '@metamask/delegation-abis/bytecode';
import { DELEGATOR_CONTRACTS } from '@metamask/delegation-deployments';
import { AbiCoder, Wallet, concat, getCreate2Address, id, keccak256, parseEther, toQuantity, type JsonRpcProvider } from 'ethers';
import { DELEGATOR_SALT, delegatorInitcode } from '../src/background/executionPermissions/deleGator';
import { DELEGATOR_V08 } from '../src/shared/contracts';
import { CREATE2_DEPLOYER } from './constants';

/** The framework's version whose deployments the wallet's grants point at. */
export const FRAMEWORK_VERSION = '1.3.0';
/** Mainnet's deployment: the same addresses on every chain MetaMask lists. */
export const CANONICAL = DELEGATOR_CONTRACTS[FRAMEWORK_VERSION][1];
/** What the devnet does not need: smart-account factories and implementations bound to the v0.7 EntryPoint. */
const NOT_DEPLOYED = new Set(['EntryPoint', 'SimpleFactory', 'MultiSigDeleGatorImpl', 'HybridDeleGatorImpl', 'EIP7702StatelessDeleGatorImpl']);

/** Each contract's creation code, by its name in the deployments' list (an implementation's without "Impl"). */
const creationCode = bytecodes as unknown as Record<string, string>;

const encode = (types: string[], values: unknown[]) => AbiCoder.defaultAbiCoder().encode(types, values);

/** Constructor arguments, each pointing at the canonical contracts. */
const CONSTRUCTOR_ARGS: Record<string, string> = {
  // No owner can pause the devnet's manager (its storage is not copied anyway).
  DelegationManager: encode(['address'], ['0x0000000000000000000000000000000000000001']),
  LogicalOrWrapperEnforcer: encode(['address'], [CANONICAL.DelegationManager]),
  NativeTokenPaymentEnforcer: encode(['address', 'address'], [CANONICAL.DelegationManager, CANONICAL.ArgsEqualityCheckEnforcer]),
};

export async function deployDelegationFramework(provider: JsonRpcProvider): Promise<void> {
  await Promise.all(
    Object.entries(CANONICAL)
      .filter(([name]) => !NOT_DEPLOYED.has(name))
      .map(async ([name, address]) => {
        const runtime = await provider.send('eth_call', [{ data: concat([creationCode[name], CONSTRUCTOR_ARGS[name] ?? '0x']) }, 'latest']);
        await provider.send('anvil_setCode', [address, runtime]);
      }),
  );
  await deployDelegator(provider);
}

async function deployDelegator(provider: JsonRpcProvider): Promise<void> {
  const initcode = delegatorInitcode();
  const address = getCreate2Address(CREATE2_DEPLOYER, DELEGATOR_SALT, keccak256(initcode));
  if (address !== DELEGATOR_V08) throw new Error(`The DeleGator's initcode deploys to ${address}, not to ${DELEGATOR_V08}: @metamask/delegation-abis' bytecode changed`);
  if ((await provider.getCode(address)) !== '0x') return;
  const deployer = new Wallet(id('batch-wallet devnet delegator deployer'), provider);
  await provider.send('anvil_setBalance', [deployer.address, toQuantity(parseEther('1'))]);
  const tx = await deployer.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([DELEGATOR_SALT, initcode]) });
  const receipt = await tx.wait();
  if ((await provider.getCode(address, receipt?.blockNumber)) === '0x') throw new Error(`The DeleGator's deployment ${tx.hash} left no code at ${address}`);
  // anvil gives the receipt before `latest` is its block: callers read the DeleGator at `latest` once it is there.
  while ((await provider.getBlockNumber()) < (receipt?.blockNumber ?? 0)) await delay(50);
}
