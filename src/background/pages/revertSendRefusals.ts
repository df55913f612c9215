/**
 * The refusals of the firewall's revert (../rpc/firewall.ts), which the popup's banner says, and of an atomic batch the
 * account or the chain cannot run (../batches/prepare.ts), which the popup's Send says for a fee in USDC, as refusalWords.ts
 * reads them. An address, a chain's id and a network's name are values as written.
 */
import type { ErrorKey } from '../../shared/errorWords';

const ADDRESS = String.raw`(?<address>0x[0-9a-fA-F]{40})`;

export const REVERT_SEND_REFUSALS: [RegExp, ErrorKey][] = [
  [new RegExp(`^${ADDRESS} has no delegation to another contract on (?<network>.+): nothing to revert$`, 's'), 'errors_noForeignDelegation'],
  [/^EIP-7702 not supported on chain (?<chainId>0x[0-9a-fA-F]+) \((?<network>.+)\): atomic batches are not possible there$/s, 'errors_chainWithout7702'],
  [new RegExp(`^Atomicity required but not possible: ${ADDRESS} already has code that is neither Simple7702Account nor the wallet's DeleGator$`), 'errors_atomicityImpossible'],
];
