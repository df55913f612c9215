/**
 * The Ledger Ethereum app's Simple7702Account (LEDGER_7702_ACCOUNT): eth-infinitism's deployment of the same source as
 * the v0.8 release's, whose compiler metadata hash differs (docs/ledger.md, "The delegate of a Ledger account"). The
 * release's initcode with that hash is byte for byte the deployed one: CREATE2 puts it at the same address.
 */
import { createRequire } from 'node:module';

/** The metadata hash (CBOR "ipfs") of the release's artifact, and of the deployment at LEDGER_7702_ACCOUNT. */
const RELEASE_METADATA = '3510a380b939736f9c72aa0e20651e01f3c432a0c3b3345510f551189d5d889f';
const DEPLOYED_METADATA = 'fe34a5691b8e36f81dd408d2f00c415ef4c0e37911899a8a46286019e63e38df';

export function ledgerDelegateInitcode(): string {
  const { bytecode } = createRequire(import.meta.url)('@account-abstraction/contracts/artifacts/Simple7702Account.json') as { bytecode: string };
  if (bytecode.split(RELEASE_METADATA).length !== 2) throw new Error('@account-abstraction/contracts changed its Simple7702Account: LEDGER_7702_ACCOUNT\'s code must be checked again');
  return bytecode.replace(RELEASE_METADATA, DEPLOYED_METADATA);
}
