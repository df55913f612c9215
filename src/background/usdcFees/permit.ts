/**
 * The EIP-2612 permit inside a fee paid in USDC: the paymaster as spender, deadline type(uint256).max (validation may
 * not read the time), the amount the quote's maximum. USDC's domain is its own name and version (FiatToken v2.2:
 * "USD Coin" on most chains, "USDC" on some testnets; version "2"), read from the token rather than assumed.
 */
import { ErrorCode, RpcError } from '../../shared/errors';
import type { Hex } from '../../shared/params';
import type { TypedMessage } from '../../shared/typedData/types';
import { abiInterface } from '../abi/abiInterface';
import { decodeExactResult } from '../abi/exactResult';
import type { ChainNode } from '../networks/rpcClient';

const MAX_UINT256 = (1n << 256n) - 1n;

const FIAT_TOKEN = abiInterface([
  'function name() view returns (string)',
  'function version() view returns (string)',
  'function nonces(address owner) view returns (uint256)',
]);

export interface PermitToken {
  address: Hex;
  name: string;
  version: string;
}

export interface UsdcPermitRequest {
  chainId: Hex;
  token: PermitToken;
  owner: Hex;
  /** The paymaster. */
  spender: Hex;
  value: bigint;
  nonce: bigint;
}

/** The typed data the account signs; numbers as decimal strings, as an approval record keeps them. */
export const usdcPermit = ({ chainId, token, owner, spender, value, nonce }: UsdcPermitRequest): TypedMessage => ({
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' }, { name: 'version', type: 'string' }, { name: 'chainId', type: 'uint256' }, { name: 'verifyingContract', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' }, { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: token.name, version: token.version, chainId: Number(BigInt(chainId)), verifyingContract: token.address },
  message: { owner, spender, value: value.toString(), nonce: nonce.toString(), deadline: MAX_UINT256.toString() },
});

/** The token's domain and the owner's next permit nonce, at `pending` (an earlier op's permit may be on its way). */
export async function readPermitToken(node: ChainNode, address: Hex, owner: Hex): Promise<{ token: PermitToken; nonce: bigint }> {
  const fiatToken = await FIAT_TOKEN();
  const call = async (fn: 'name' | 'version' | 'nonces', args: unknown[] = []) => {
    try {
      const raw = await node<string>('eth_call', [{ to: address, data: fiatToken.encodeFunctionData(fn, args) }, 'pending']);
      // The nonce only as its exact word, as every number the wallet reads; name and version as they come (shown as
      // written, and a wrong one only makes a permit the token refuses).
      return (fn === 'nonces' ? decodeExactResult(fiatToken, fn, raw) : fiatToken.decodeFunctionResult(fn, raw))[0] as unknown;
    } catch (error) {
      if (error instanceof RpcError && error.code === ErrorCode.chainDisconnected) throw error;
      throw new RpcError(ErrorCode.internal, `The token ${address} did not answer ${fn}(): no USDC permit can be built for it`);
    }
  };
  const [name, version, nonce] = await Promise.all([call('name'), call('version'), call('nonces', [owner])]);
  return { token: { address, name: name as string, version: version as string }, nonce: nonce as bigint };
}
