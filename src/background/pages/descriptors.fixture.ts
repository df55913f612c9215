/** A user's ERC-7730 descriptor file of a vote, and one an older version stored that the decimals rule now refuses. */
import type { TypedMessage } from '../../shared/typedData/types';

export const VOTE = '0x1111111111111111111111111111111111111111';
export const vote = (verifyingContract: string): TypedMessage => ({
  types: { EIP712Domain: [{ name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' }], Ballot: [{ name: 'proposal', type: 'uint256' }, { name: 'support', type: 'bool' }] },
  primaryType: 'Ballot',
  domain: { chainId: 1, verifyingContract },
  message: { proposal: 7, support: true },
});
export const descriptor = {
  context: { eip712: { deployments: [{ chainId: 1, address: VOTE }], schemas: [{ primaryType: 'Ballot', types: { Ballot: vote(VOTE).types.Ballot } }] } },
  display: { formats: { Ballot: { intent: 'Vote', fields: [{ path: 'proposal', label: 'Proposal', format: 'raw' }] } } },
};

/** A file the parser took before it read decimals: its unit field's decimals is -1. */
export const negativeDecimals = { ...descriptor, display: { formats: { Ballot: { intent: 'Vote', fields: [{ path: 'proposal', label: 'Proposal', format: 'unit', params: { base: '%', decimals: -1 } }] } } } };
export const DECIMALS_REFUSAL = 'display.formats["Ballot"] field "proposal": params.decimals must be a whole number from 0 to 36 (ERC-7730 writes an integer), not -1';
