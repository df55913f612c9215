/** Canonical ERC-4337 v0.8 contracts, at the same address on every chain. */
import type { Hex } from './params';

export const ENTRY_POINT_V08: Hex = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108';
export const SIMPLE_7702_ACCOUNT: Hex = '0xe6Cae83BdE06E4c305530e199D7217f42808555B';

/**
 * The same Simple7702Account (v0.8) deployed earlier by eth-infinitism (mainnet block 22123040): its initcode is
 * SIMPLE_7702_ACCOUNT's byte for byte but the metadata hash (docs/ledger.md, "The delegate of a Ledger account"). The
 * only one of the two the Ledger Ethereum app signs an authorization for, so Ledger accounts delegate here.
 */
export const LEDGER_7702_ACCOUNT: Hex = '0x4Cd241E8d1510e30b2076397afc7508Ae59C66c9';

/** Uniswap's Permit2 (same address on every chain): approve(token, spender, amount, expiration). */
export const PERMIT2: Hex = '0x000000000022D473030F116dDEE9F6B43aC78BA3';

/**
 * The Delegation Framework 1.3.0's `EIP7702StatelessDeleGator`, unchanged, built with MetaMask's canonical
 * DelegationManager and the EntryPoint v0.8 as its constructor arguments, through the deterministic deployer with the
 * framework's salt "GATOR" (MetaMask's own deployments take the v0.7 EntryPoint): the delegate of an account that
 * grants execution permissions (ERC-7715).
 */
export const DELEGATOR_V08: Hex = '0xC4a8c5F3474417e5e12f2611F5A7277Ee015779C';

/**
 * MetaMask's DelegationManager in every release of the Delegation Framework (1.0.0, 1.1.0, 1.3.0: the same address on
 * every chain, pinned to @metamask/delegation-deployments by contracts.test.ts): a delegation signed for one lets
 * whoever it names run calls as the account, through the DeleGator (ours trusts 1.3.0's; MetaMask's, the others).
 */
export const DELEGATION_MANAGERS: readonly Hex[] = [
  '0xbe4138886cb096bdc1b930f2f0ca7892aa234d78',
  '0x56D56e07e3d6Ee5a24e30203A37a0a460f42D7A3',
  '0xdb9B1e94B5b69Df7e401DDbedE43491141047dB3',
];

/** EIP-7702: an upgraded account's code is 0xef0100 followed by the delegate's address. */
export const delegationCode = (delegate: Hex): string => `0xef0100${delegate.slice(2).toLowerCase()}`;

export const isDelegatedTo = (code: string, delegate: Hex): boolean => code.toLowerCase() === delegationCode(delegate);

/** The delegate an EIP-7702 account's code points at, or null for any other code (none, or a contract's own). */
export const delegateOf = (code: string): Hex | null =>
  /^0xef0100[0-9a-f]{40}$/i.test(code) ? (`0x${code.slice(8)}` as Hex) : null;
